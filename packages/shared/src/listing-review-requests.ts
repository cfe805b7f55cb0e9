import { z } from 'zod';
import { plainText } from './plain-text';

/**
 * A seller whose listing a moderator hid asks for another look once it is fixed (decision 259). One request waits at a
 * time; a moderator shows the listing again (the request ends with the hide) or keeps it hidden with a new reason, and
 * then the seller changes the listing before asking again.
 */
export const LISTING_REVIEW_MESSAGES = {
  notHidden: 'Only a hidden listing can be reviewed again.',
  alreadyRequested: 'You already asked for a review of this listing. A moderator will look at it soon.',
  unchangedSinceReview:
    'A moderator already looked at the listing as it is. Change what the reason names, then ask again.',
  noteTooLong: 'Keep the note under 500 characters',
  noRequest: 'This listing has no review request waiting.',
  changedSinceSeen: 'The seller changed the listing since your page loaded it. Look at it again, then decide.',
  requested: 'Review requested. A moderator will look at the listing, and you will get an email with the answer.',
  kept: 'The listing stays hidden. Its seller was told why.',
} as const;

/** POST /api/listings/:id/review-request: the seller's ask, on the listing's content as their screen showed it. */
export const listingReviewRequestSchema = z.strictObject({
  note: z.string().overwrite(plainText).trim().max(500, LISTING_REVIEW_MESSAGES.noteTooLong).optional(),
  /** The content version the seller's page was loaded at (decision 258): a request on content since changed is 409. */
  contentVersion: z
    .number({ error: 'Reload the listing and ask again: its version is missing.' })
    .int('Reload the listing and ask again: its version is missing.')
    .min(0, 'Reload the listing and ask again: its version is missing.'),
});
export type ListingReviewRequest = z.infer<typeof listingReviewRequestSchema>;

const reloadAdminPage = "Reload the page and try again: the listing's version is missing.";

/**
 * POST /api/admin/listings/:id/review-request/decline: the listing stays hidden, and this is its reason now. The content
 * version is the one the moderator's page showed: only that content counts as looked at.
 */
export const declineListingReviewSchema = z.strictObject({
  reason: z
    .string({ error: 'Reason is required' })
    .overwrite(plainText)
    .trim()
    .min(3, 'Please tell the seller why it stays hidden (at least 3 characters)')
    .max(500, 'Keep the reason under 500 characters'),
  contentVersion: z.number({ error: reloadAdminPage }).int(reloadAdminPage).min(0, reloadAdminPage),
});
export type DeclineListingReview = z.infer<typeof declineListingReviewSchema>;

/** Mailed to each admin who may act when a seller asks (admins turn these off with the other task mails). */
export const LISTING_REVIEW_ADMIN_MAIL = {
  subject: (title: string) => `A hidden listing waits for another look: ${title}`,
  heading: 'A seller asked for a review of a hidden listing',
  line: (seller: string, title: string, note: string) =>
    `${seller} changed "${title}" and asked for it to be shown again.` + (note ? ` Their note: ${note}` : ''),
  label: 'Open the listings to review',
} as const;

/** Mailed to the seller when a moderator keeps the listing hidden. */
export const LISTING_REVIEW_KEPT_MAIL = {
  subject: (title: string) => `Your listing stays hidden: ${title}`,
  heading: 'A moderator looked at your listing again',
  lines: (title: string, reason: string) => [
    `"${title}" stays hidden from buyers.`,
    `Reason: ${reason}`,
    'Change the listing to fix what the reason names, then ask for a review again from its page.',
  ],
} as const;
