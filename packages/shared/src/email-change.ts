import { z } from 'zod';
import { emailSchema, passwordSchema } from './account-rules';
import { codeIfOnSchema } from './two-factor';

/**
 * POST /api/profile/email: the new address, confirmed with the current password (decision 165) and, with two-factor
 * sign-in on, a code (decision 172).
 */
export const emailChangeInputSchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  code: codeIfOnSchema,
});
export type EmailChangeInput = z.input<typeof emailChangeInputSchema>;

export const EMAIL_CHANGE_MESSAGES = {
  sameEmail: 'That is already your email address.',
  /** The same answer whether or not another account has the address, so the form tells no one who is registered. */
  sent: (email: string) =>
    `We sent a link to ${email}. Open it within 24 hours to confirm your new address; until then, your current address stays.`,
  changed: 'Your email address was changed.',
  taken: 'Another account uses that address now. Ask for a change to another address.',
  /** The undo link (decision 177) cannot give back an address another account took meanwhile. */
  undoTaken: 'Another account uses that address now, so it cannot be given back. Contact support.',
  undone: 'Your address is back, and everyone was signed out. Sign in with your new password.',
} as const;

/**
 * POST /api/auth/undo-email-change/status: the address the link gives back, the one the account uses now, and whether
 * two-factor sign-in (turned on since the change) will still ask for a code.
 */
export const emailUndoStatusSchema = z.object({ restores: z.string(), current: z.string(), twoFactorOn: z.boolean() });
export type EmailUndoStatus = z.infer<typeof emailUndoStatusSchema>;
