import { z } from 'zod';

/** A message still unread this long after the conversation went quiet is mailed to its reader (decision 163). */
export const UNREAD_MESSAGE_MAIL_DELAY_MINUTES = 10;

/**
 * GET and PUT /api/profile/email-preferences: the mail a user may turn off (mail about their orders always goes).
 * `adminWaiting`, the mail to admins when a dispute, a payout request or a chargeback waits for them (decision 189),
 * is an admin's only: GET gives it to admins, and a PUT that sets it is refused for anyone else. An admin's PUT
 * without it leaves it as it was.
 */
export const emailPreferencesSchema = z.strictObject({
  unreadMessages: z.boolean({ error: 'Unread message emails must be on (true) or off (false)' }),
  adminWaiting: z.boolean({ error: 'Admin task emails must be on (true) or off (false)' }).optional(),
  /** A mail when a favorite's price drops (decision 196); GET always gives it, a PUT without it leaves it as it was. */
  priceDrops: z.boolean({ error: 'Price drop emails must be on (true) or off (false)' }).optional(),
});
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;

/** A favorite's price is mailed when it is at least this much below the price the member last heard of. */
export const PRICE_DROP_MIN_PERCENT = 5;

export const EMAIL_PREFERENCE_MESSAGES = {
  saved: 'Email preferences saved.',
  saveFailed: 'Could not save your email preferences. Please try again.',
  adminOnly: 'Only admins get emails about work waiting for admins.',
} as const;

/** GET and POST /api/email/unsubscribe?token=… (decision 216): the mail a link stops, in words. */
export const unsubscribeReplySchema = z.object({
  topic: z.enum(['unreadMessages', 'priceDrops', 'adminWaiting', 'savedSearch']),
  /** "emails about unread messages", "new listing alerts for your saved search …". */
  mail: z.string(),
});
export type UnsubscribeReply = z.infer<typeof unsubscribeReplySchema>;
export const unsubscribeQuerySchema = z.object({
  token: z.string({ error: 'The unsubscribe link is incomplete.' }).max(600, 'The unsubscribe link is not valid.'),
});

export const UNSUBSCRIBE_MESSAGES = {
  unreadMessages: 'emails about unread messages',
  priceDrops: "emails when a favorite's price drops",
  adminWaiting: 'emails about work waiting for admins',
  savedSearch: (label: string) => `new listing emails for your saved search ${label}`,
  invalid: 'This unsubscribe link is not valid. You can choose which emails you get in your profile.',
  searchGone: 'This saved search was deleted, so it sends no more emails.',
  done: (mail: string) => `You are unsubscribed. You will no longer get ${mail}.`,
  failed: 'Could not unsubscribe you. Please try again.',
} as const;
