import { z } from 'zod';
import { passwordSchema } from './account-rules';
import { TWO_FACTOR_MESSAGES } from './two-factor-messages';

/** Two-factor sign-in with an authenticator app (decision 168): RFC 6238 codes, 6 digits every 30 seconds. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** One-time codes for when the phone is lost, shown once when made. */
export const RECOVERY_CODE_COUNT = 10;

export { TWO_FACTOR_MESSAGES };

/** A code as typed: the 6 digits (spaces allowed) or a recovery code (dashes allowed). */
export const twoFactorCodeSchema = z
  .string({ error: TWO_FACTOR_MESSAGES.codeMissing })
  .trim()
  .min(1, TWO_FACTOR_MESSAGES.codeMissing)
  .max(32, TWO_FACTOR_MESSAGES.codeTooLong);

/**
 * The code that must come with the password for a change that could take the account, when two-factor sign-in is on
 * (decisions 171 and 172); ignored when it is off.
 */
export const codeIfOnSchema = twoFactorCodeSchema.optional();

/** The password and, with two-factor sign-in on, a code: what an action that needs nothing else is confirmed with. */
export const identityProofSchema = z.strictObject({ password: passwordSchema, code: codeIfOnSchema });
export type IdentityProofInput = z.input<typeof identityProofSchema>;

/** GET /api/profile/two-factor */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.number().nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** A key shown by the set-up must be confirmed by a code within this time. */
export const SETUP_VALID_MINUTES = 15;

/** POST /api/profile/two-factor/setup: the password confirms it. */
export const twoFactorPasswordInputSchema = z.strictObject({ password: passwordSchema });

/**
 * The key to add to the app: as a QR code of `uri`, or typed in as `secret`; and the address a code was mailed to, which
 * turning it on also takes (decision 175).
 */
export const twoFactorSetupSchema = z.object({ secret: z.string(), uri: z.string(), emailedTo: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;
/** POST /api/profile/two-factor/setup/email-code: where the new code went. */
export const twoFactorEmailedSchema = z.object({ emailedTo: z.string() });

/**
 * POST /api/profile/two-factor/enable: a code from the app proves it holds the key, and the code mailed at the set-up
 * that the account's mailbox is the member's (a stolen session and password alone cannot lock the owner out).
 */
export const twoFactorEnableInputSchema = z.strictObject({
  code: twoFactorCodeSchema,
  emailCode: z
    .string({ error: TWO_FACTOR_MESSAGES.emailCodeMissing })
    .trim()
    .min(1, TWO_FACTOR_MESSAGES.emailCodeMissing)
    .max(32, TWO_FACTOR_MESSAGES.codeTooLong),
});
export type TwoFactorEnableInput = z.input<typeof twoFactorEnableInputSchema>;

/** POST /api/profile/two-factor/disable and …/recovery-codes: the password and a code (or a recovery code). */
export const twoFactorConfirmInputSchema = z.strictObject({ password: passwordSchema, code: twoFactorCodeSchema });

export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** The key in groups of four, easier to type into an app by hand. */
export const groupedSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');
