/** The socket event that tells a seller's open tabs a moderator hid, showed again or removed one of their listings. */
export const LISTING_MODERATED = 'listing.moderated';

export interface ListingModeratedEvent {
  listingId: string;
  title: string;
  status: string;
  hiddenReason: string | null;
  deleted: boolean;
  /** A moderator answered the seller's request for another look by keeping the listing hidden (decision 259). */
  reviewKept: boolean;
}

/** What the seller's open page says of it, in the words of the mail they get about the same move. */
export function moderationNotice(e: ListingModeratedEvent): string {
  if (e.deleted) return `A moderator removed your listing “${e.title}”. It is no longer shown anywhere.`;
  if (e.status === 'hidden' && e.reviewKept)
    return `A moderator looked at “${e.title}” again and kept it hidden. Reason: ${e.hiddenReason ?? 'not given'}`;
  if (e.status === 'hidden')
    return `A moderator hid your listing “${e.title}”. Buyers no longer see it. Reason: ${e.hiddenReason ?? 'not given'}`;
  if (e.status === 'draft')
    return `A moderator lifted the hiding of “${e.title}”. It is a draft: buyers see it once you publish it.`;
  return `A moderator made “${e.title}” visible to buyers again.`;
}
