import type { ListingStatus, SellerStatus } from './listings';
import { LISTING_MESSAGES as M } from './listing-messages';

/** Status changes a seller may make; sold is final and hidden belongs to admins (decision 043). */
const TRANSITIONS: Record<SellerStatus, readonly SellerStatus[]> = {
  draft: ['active'],
  active: ['draft', 'reserved', 'sold'],
  reserved: ['active', 'draft', 'sold'],
  sold: [],
};

/** Why the seller may not move the listing to `to`, or null when they may. */
export function statusChangeBlocker(from: ListingStatus, to: SellerStatus, imageCount: number): string | null {
  if (from === 'hidden') return M.hiddenStatus;
  if (from === 'sold') return M.soldFinal;
  if (from === to) return M.sameStatus;
  if (!TRANSITIONS[from].includes(to)) return M.badTransition;
  if (to === 'active' && imageCount === 0) return M.needsImage;
  return null;
}

/** The status changes the management table offers for a listing. */
export function allowedStatusChanges(from: ListingStatus): SellerStatus[] {
  return from === 'hidden' ? [] : [...TRANSITIONS[from]];
}

/** Why the seller may not edit the listing's content, or null. Hidden listings stay editable so the seller can fix them. */
export function editBlocker(status: ListingStatus): string | null {
  return status === 'sold' ? M.soldFinal : null;
}
