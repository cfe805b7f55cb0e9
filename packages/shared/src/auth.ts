import { z } from 'zod';
import { ROLES } from './roles';
import { selfRoleSchema } from './role-schemas';
import {
  displayNameSchema,
  emailSchema,
  FIELD_MESSAGES,
  newPasswordSchema,
  passwordProblems,
  passwordSchema,
  phoneNumberSchema,
} from './account-rules';
import { codeIfOnSchema } from './two-factor';
import { twoFactorCodeSchema } from './two-factor';
import { ACCOUNT_MESSAGES } from './auth-messages';

/** The signed-in user as the API returns it (never the password hash). */
export const sessionUserSchema = z.object({
  uid: z.string(),
  email: z.string(),
  displayName: z.string(),
  phoneNumber: z.string(),
  role: z.enum(ROLES),
  createdAt: z.number(),
  lastActive: z.number(),
  profileComplete: z.boolean(),
  emailVerified: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const meResponseSchema = z.object({
  user: sessionUserSchema.nullable(),
  /** Inactivity timeout that applies to this session, so the browser can sign out on time. */
  timeoutMs: z.number().nullable(),
  remember: z.boolean(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/** POST /api/auth/signin. Only bounds on the password: sign-in never judges strength. */
export const signInInputSchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  remember: z.boolean({ error: 'Remember me must be true or false' }).optional(),
  /** Asked for only when the account has two-factor sign-in on (decision 168). */
  code: twoFactorCodeSchema.optional(),
});
export type SignInInput = z.input<typeof signInInputSchema>;

/** POST /api/auth/signup. Role defaults to buyer; admin can never be chosen here. */
export const signUpInputSchema = z
  .strictObject({
    email: emailSchema,
    password: newPasswordSchema,
    displayName: displayNameSchema.optional(),
    phoneNumber: phoneNumberSchema.optional(),
    role: selfRoleSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (passwordProblems(v.password, v.email).includes(FIELD_MESSAGES.passwordContainsEmail)) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: FIELD_MESSAGES.passwordContainsEmail });
    }
  });
export type SignUpInput = z.input<typeof signUpInputSchema>;

export const signUpResponseSchema = z.object({ email: z.string() });

/** A single-use link token from a mail. */
export const linkTokenSchema = z
  .string({ error: ACCOUNT_MESSAGES.linkInvalid })
  .min(20, ACCOUNT_MESSAGES.linkInvalid)
  .max(200, ACCOUNT_MESSAGES.linkInvalid);

export const tokenInputSchema = z.strictObject({ token: linkTokenSchema });
export const emailInputSchema = z.strictObject({ email: emailSchema });
export const emailResponseSchema = z.object({ email: z.string() });
export const messageResponseSchema = z.object({ message: z.string() });

/** POST /api/auth/password-reset/confirm: the token from the mail and the new password. */
export const resetConfirmInputSchema = z.strictObject({ token: linkTokenSchema, password: newPasswordSchema });

/** PATCH /api/profile: any of the fields; role is buyer, seller or both (never admin). */
export const profileUpdateSchema = z.strictObject({
  displayName: displayNameSchema.optional(),
  phoneNumber: phoneNumberSchema.optional(),
  role: selfRoleSchema.optional(),
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

/** POST /api/profile/password; with two-factor sign-in on, a code as well (decision 172). */
export const changePasswordSchema = z.strictObject({
  currentPassword: passwordSchema,
  newPassword: newPasswordSchema,
  code: codeIfOnSchema,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const profileResponseSchema = z.object({ user: sessionUserSchema });

/** A signed-in device, for the profile's session list. */
export const sessionInfoSchema = z.object({
  /** The session's public id (decision 199), to sign that device out by: never its cookie or stored key. */
  id: z.string(),
  current: z.boolean(),
  remember: z.boolean(),
  userAgent: z.string(),
  createdAt: z.number(),
  lastActive: z.number(),
});
export const sessionListSchema = z.object({ sessions: z.array(sessionInfoSchema) });
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
