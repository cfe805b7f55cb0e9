import { PUBLIC_STATUSES, type ListingStatus, type SellerStatus } from './listings';
import { LISTING_MESSAGES as M } from './listing-messages';

/** Status changes a seller may make; sold is final and hidden belongs to admins (decision 043). */
const TRANSITIONS: Record<SellerStatus, readonly SellerStatus[]> = {
  draft: ['active'],
  active: ['draft', 'reserved', 'sold'],
  reserved: ['active', 'draft', 'sold'],
  sold: [],
};

/**
 * Why the seller may not move the listing to `to`, or null when they may. While an order is in progress the listing
 * moves only with its order (reserved, then sold or available again), so what the buyer pays for stays as it was.
 */
export function statusChangeBlocker(
  from: ListingStatus,
  to: SellerStatus,
  imageCount: number,
  orderInProgress: boolean,
): string | null {
  if (orderInProgress) return M.orderInProgress;
  if (from === 'hidden') return M.hiddenStatus;
  if (from === 'sold') return M.soldFinal;
  if (from === to) return M.sameStatus;
  if (!TRANSITIONS[from].includes(to)) return M.badTransition;
  if (to === 'active' && imageCount === 0) return M.needsImage;
  return null;
}

/** The status changes the management table offers for a listing. */
export function allowedStatusChanges(from: ListingStatus, orderInProgress: boolean): SellerStatus[] {
  return from === 'hidden' || orderInProgress ? [] : [...TRANSITIONS[from]];
}

/**
 * Why the seller may not edit the listing's content or screenshots, or null. Hidden listings stay editable so the
 * seller can fix them; one with an order in progress does not, so the buyer gets what they paid for.
 */
export function editBlocker(status: ListingStatus, orderInProgress: boolean): string | null {
  if (orderInProgress) return M.orderInProgress;
  return status === 'sold' ? M.soldFinal : null;
}

/**
 * Why the seller may not copy the listing into a new draft, or null. A hidden listing's copy would be a draft the
 * seller could publish at once, the content the admin withdrew back on sale without their review.
 */
export function duplicateBlocker(status: ListingStatus): string | null {
  return status === 'hidden' ? M.hiddenDuplicate : null;
}

/** Why the seller may not delete the listing, or null. */
export function deleteBlocker(orderInProgress: boolean): string | null {
  return orderInProgress ? M.orderInProgress : null;
}

/**
 * Whether everyone may see the listing (active, reserved or sold, not deleted). Anyone but its seller (and admins)
 * is answered about any other listing exactly as about a missing one: an id must not tell that it exists.
 */
export function isPublicListing(listing: { status: string; deletedAt?: number | null }): boolean {
  return listing.deletedAt == null && (PUBLIC_STATUSES as readonly string[]).includes(listing.status);
}
