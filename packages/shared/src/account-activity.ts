import { z } from 'zod';
import { pageOf } from './admin-paging';

/** What the member's security activity lists (decision 178): each way into the account, and each change to one. */
export const ACCOUNT_EVENT_KINDS = [
  'signin',
  'signin_passkey',
  'signin_recovery_code',
  'signed_out_everywhere',
  'signed_out_device',
  'password_changed',
  'password_reset',
  'email_change_asked',
  'email_changed',
  'email_change_undone',
  'two_factor_on',
  'two_factor_off',
  'two_factor_off_by_support',
  'recovery_codes_new',
  'passkey_added',
  'passkey_removed',
  'payout_details_changed',
  'payout_details_removed',
  'data_exported',
] as const;
export type AccountEventKind = (typeof ACCOUNT_EVENT_KINDS)[number];

export const ACCOUNT_EVENT_LABELS: Record<AccountEventKind, string> = {
  signin: 'Signed in with the password',
  signin_passkey: 'Signed in with a passkey',
  signin_recovery_code: 'Signed in with the password and a recovery code',
  signed_out_everywhere: 'Signed out on every device',
  signed_out_device: 'Signed out another device',
  password_changed: 'Changed the password',
  password_reset: 'Reset the password from an emailed link',
  email_change_asked: 'Asked to change the email address',
  email_changed: 'Changed the email address',
  email_change_undone: 'Took the account back from the old email address',
  two_factor_on: 'Turned on two-factor sign-in',
  two_factor_off: 'Turned off two-factor sign-in',
  two_factor_off_by_support: 'Support turned off two-factor sign-in',
  recovery_codes_new: 'Made new recovery codes',
  passkey_added: 'Added a passkey',
  passkey_removed: 'Removed a passkey',
  payout_details_changed: 'Changed the payout details',
  payout_details_removed: 'Removed the payout details',
  data_exported: "Asked for a copy of the account's data",
};

/** How long an event is kept: a year of history is what a member looks back on after something odd. */
export const ACCOUNT_EVENTS_KEPT_DAYS = 365;
export const ACCOUNT_ACTIVITY_PAGE = 20;

export const accountEventSchema = z.object({
  id: z.string(),
  kind: z.enum(ACCOUNT_EVENT_KINDS),
  at: z.number(),
  /** The address the request came from, when there was one (not for support's actions or mailed links). */
  ip: z.string().nullable(),
  /** "Chrome on a desktop", for sign-ins. */
  device: z.string().nullable(),
});
export type AccountEvent = z.infer<typeof accountEventSchema>;

/** GET /api/profile/activity?cursor=: the member's own events, newest first. */
export const accountActivitySchema = pageOf(accountEventSchema);
export type AccountActivity = z.infer<typeof accountActivitySchema>;
export const accountActivityQuerySchema = z.object({ cursor: z.string().max(200).optional() });
