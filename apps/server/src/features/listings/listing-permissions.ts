import type { ListingStatus } from '@accountry/shared/listings';
import { isPublicListing } from '@accountry/shared/listing-rules';
import type { AuthUser } from '../../plugins/auth';

interface Owned {
  sellerId: string;
  status: ListingStatus;
  deletedAt?: number | null;
}

/** Only the seller manages their listing (admins moderate through the admin area instead). */
export function canManageListing(user: Pick<AuthUser, 'id'>, listing: Pick<Owned, 'sellerId' | 'deletedAt'>): boolean {
  return listing.deletedAt == null && listing.sellerId === user.id;
}

/**
 * Who may see a listing at all: published ones (active, reserved, sold) everyone; drafts and listings hidden by an
 * admin only their seller and admins; a deleted listing only admins.
 */
export function canViewListing(user: Pick<AuthUser, 'id' | 'role'> | null, listing: Owned): boolean {
  if (user?.role === 'admin') return true;
  if (listing.deletedAt != null) return false;
  if (isPublicListing(listing)) return true;
  return !!user && user.id === listing.sellerId;
}
