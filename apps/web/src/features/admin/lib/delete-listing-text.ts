import type { AdminListing } from '@accountry/shared/admin-listings';

type Listing = Pick<AdminListing, 'title' | 'status' | 'statusBeforeHidden' | 'conversationCount'>;

/** What deleting a listing does, told in the admin's confirmation: its conversations stay, its unpaid order ends. */
export function deleteListingText({ title, status, statusBeforeHidden, conversationCount }: Listing): string {
  const parts = [
    `“${title}” will disappear from the marketplace and from its seller's listings, as if the seller had deleted it.`,
  ];
  if (conversationCount === 1) parts.push('Its conversation stays readable.');
  else if (conversationCount > 1) parts.push(`Its ${conversationCount} conversations stay readable.`);
  // Reserved: an order holds it (decision 043); the delete cancels that order if it is not paid yet.
  const held = status === 'reserved' || (status === 'hidden' && statusBeforeHidden === 'reserved');
  if (held) parts.push('An order holds it: if unpaid, it is canceled and nothing is charged; a paid order goes on.');
  parts.push('This cannot be undone.');
  return parts.join(' ');
}
