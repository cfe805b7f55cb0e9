import { z } from 'zod';
import { passwordSchema } from './account-rules';
import { codeIfOnSchema } from './two-factor';
import { plainText } from './plain-text';

/** Passkeys (decision 171): WebAuthn credentials that sign a member in without the password or a code. */
export const MAX_PASSKEYS = 10;
export const PASSKEY_NAME_MAX = 60;
/** A ceremony's challenge must come back within this time. */
export const PASSKEY_CHALLENGE_MINUTES = 5;

export const PASSKEY_MESSAGES = {
  nameMissing: 'Give the passkey a name.',
  nameTooLong: `Keep the name to ${PASSKEY_NAME_MAX} characters or fewer.`,
  tooMany: `An account can have up to ${MAX_PASSKEYS} passkeys. Remove one you no longer use first.`,
  expired: 'That took too long, or the request was already used. Try again.',
  notVerified: 'This passkey could not be checked. Try again, or use another one.',
  unknown:
    'This passkey is not registered with Accountry. Sign in with your email and password, then add it from your profile.',
  alreadyAdded: 'This passkey is already on your account.',
  notFound: 'That passkey was not found.',
  added: 'Passkey added. You can now sign in with it.',
  renamed: 'Passkey renamed.',
  removed: 'Passkey removed.',
  canceled: 'The passkey request was canceled or timed out.',
  noPasskeyUsed:
    'No passkey was used. If you have not added one on this device, sign in with your email and password, then add ' +
    'one from your profile.',
  retryBrowser: 'Your password was accepted. Choose Add passkey to try your browser’s steps again.',
  waiting: 'Waiting for your browser: finish the steps it shows.',
  unsupported: 'This browser cannot use passkeys.',
} as const;

/** Error codes of the passkey endpoints, so the client can act on the cause. */
export const PASSKEY_ERROR_CODES = {
  expired: 'PASSKEY_EXPIRED',
  notVerified: 'PASSKEY_NOT_VERIFIED',
  unknown: 'PASSKEY_UNKNOWN',
  alreadyAdded: 'PASSKEY_ALREADY_ADDED',
  tooMany: 'PASSKEY_TOO_MANY',
} as const;

export const PASSKEY_ROUTES = {
  list: '/api/profile/passkeys',
  registrationOptions: '/api/profile/passkeys/options',
  passkey: '/api/profile/passkeys/:id',
  remove: '/api/profile/passkeys/:id/remove',
  signInOptions: '/api/auth/passkey/options',
  signIn: '/api/auth/passkey',
} as const;

export const passkeyNameSchema = z
  .string({ error: PASSKEY_MESSAGES.nameMissing })
  .overwrite(plainText)
  .trim()
  .min(1, PASSKEY_MESSAGES.nameMissing)
  .max(PASSKEY_NAME_MAX, PASSKEY_MESSAGES.nameTooLong);

/** Base64url, as WebAuthn's JSON forms write bytes; bounded so no body can ask for much work. */
const bytes = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, 'Not base64url');
const extensions = z.record(z.string(), z.unknown());
const attachment = z.enum(['platform', 'cross-platform']).optional();

/** What `navigator.credentials.create()` returned, as @simplewebauthn/browser writes it. */
export const registrationCredentialSchema = z.object({
  id: bytes(1400),
  rawId: bytes(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: attachment,
  clientExtensionResults: extensions,
  response: z.object({
    clientDataJSON: bytes(4000),
    attestationObject: bytes(32_000),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
});

/** What `navigator.credentials.get()` returned. */
export const authenticationCredentialSchema = z.object({
  id: bytes(1400),
  rawId: bytes(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: attachment,
  clientExtensionResults: extensions,
  response: z.object({
    clientDataJSON: bytes(4000),
    authenticatorData: bytes(4000),
    signature: bytes(2000),
    userHandle: bytes(200).optional(),
  }),
});

/** POST /api/profile/passkeys/options: the password, and a code when two-factor sign-in is on. */
export const passkeyOptionsInputSchema = z.strictObject({
  password: passwordSchema,
  code: codeIfOnSchema,
});

/** The options for the browser's WebAuthn call, passed through as the server library wrote them. */
export const passkeyOptionsSchema = z.object({ options: z.record(z.string(), z.unknown()) });

/** POST /api/profile/passkeys */
export const addPasskeyInputSchema = z.strictObject({
  name: passkeyNameSchema,
  credential: registrationCredentialSchema,
});
/** PATCH /api/profile/passkeys/:id */
export const renamePasskeyInputSchema = z.strictObject({ name: passkeyNameSchema });
/** POST /api/profile/passkeys/:id/remove */
export const removePasskeyInputSchema = z.strictObject({ password: passwordSchema });

/** POST /api/auth/passkey */
export const passkeySignInInputSchema = z.strictObject({
  credential: authenticationCredentialSchema,
  remember: z.boolean({ error: 'Remember me must be true or false' }).optional(),
});

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.number(),
  lastUsedAt: z.number().nullable(),
  /** Kept in the owner's password manager or cloud account, so it reaches their other devices. */
  synced: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema) });
export type PasskeyList = z.infer<typeof passkeyListSchema>;
