import { z } from 'zod';

/** A message still unread this long after the conversation went quiet is mailed to its reader (decision 163). */
export const UNREAD_MESSAGE_MAIL_DELAY_MINUTES = 10;

/** GET and PUT /api/profile/email-preferences: the mail a user may turn off (mail about their orders always goes). */
export const emailPreferencesSchema = z.strictObject({
  unreadMessages: z.boolean({ error: 'Unread message emails must be on (true) or off (false)' }),
});
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;

export const EMAIL_PREFERENCE_MESSAGES = {
  saved: 'Email preferences saved.',
  saveFailed: 'Could not save your email preferences. Please try again.',
} as const;
