import { NETWORK_ERROR_MESSAGE } from './network-messages';
import { TWO_FACTOR_MESSAGES } from './two-factor-messages';

/** Spec section 8, sign-in messages, to the letter. */
export const SIGN_IN_MESSAGES = {
  invalidCredentials: 'Invalid email or password. Please try again.',
  tooManyAttempts: 'Too many failed login attempts. Please try again later or reset your password.',
  disabled: 'This account has been disabled. Please contact support for assistance.',
  network: NETWORK_ERROR_MESSAGE,
  invalidEmail: 'Please enter a valid email address.',
  other: 'An error occurred during sign-in.',
  unverified: 'Please verify your email before signing in. Check your inbox for a verification link.',
  deleted: 'Your account has been deleted. Please contact support if you believe this is an error.',
} as const;

/** Spec section 8, the other fallbacks. */
export const AUTH_FALLBACK_MESSAGES = {
  signUp: 'Failed to sign up',
  signOut: 'Failed to sign out',
  passwordReset: 'Failed to send password reset email',
  verification: 'Failed to send verification email',
  noUser: 'No user is currently signed in',
  updateProfile: 'Failed to update profile',
} as const;

/** Our own account messages (the spec does not show these). */
export const ACCOUNT_MESSAGES = {
  emailTaken: 'An account with this email already exists. Sign in or reset your password.',
  linkInvalid: 'This link is invalid or has already been used.',
  linkExpired: 'This link has expired. Please ask for a new one.',
  emailVerified: 'Your email is verified. You can sign in now.',
  verificationResent: 'If that address has an account waiting for verification, we sent it a new verification link.',
  resetRequested: 'If an account exists for that address, we sent it a link to reset the password. Check your inbox.',
  resetDone: 'Your password was changed. Sign in with your new password.',
  mailTooSoon: 'Please wait a minute before asking for another email.',
  mailTooMany: 'Too many emails were requested for this address. Please try again later.',
  wrongCurrentPassword: 'Your current password is incorrect.',
  samePassword: 'Choose a new password that is different from the current one.',
  passwordChanged: 'Your password was changed. Your other devices were signed out.',
  profileSaved: 'Your profile was saved.',
  nothingToUpdate: 'Change at least one field to save.',
  adminRoleLocked: "An administrator's role cannot be changed from the profile.",
  /** A buyer cannot manage listings, so one left for sale could no longer be unpublished or edited. */
  listingsForSale:
    'You have listings for sale. Unpublish them, or wait for their orders to finish, before you switch to buying only.',
  signedOutEverywhere: 'You were signed out on every device.',
  deviceNotFound: 'That device is not signed in to your account.',
  currentDevice: 'This is the device you are using. To sign out here, use Sign out.',
  timedOut: 'You were signed out after a period of inactivity. Please sign in again.',
  verificationSent: 'We sent a verification link to your email. Open it, then sign in here.',
} as const;

/** Error codes the auth API answers with, so the client can act on the cause (not only show the text). */
export const AUTH_ERROR_CODES = {
  invalidCredentials: 'INVALID_CREDENTIALS',
  tooManyAttempts: 'TOO_MANY_ATTEMPTS',
  disabled: 'ACCOUNT_DISABLED',
  deleted: 'ACCOUNT_DELETED',
  unverified: 'EMAIL_UNVERIFIED',
  signInFailed: 'SIGN_IN_FAILED',
  emailTaken: 'EMAIL_TAKEN',
  linkInvalid: 'LINK_INVALID',
  linkExpired: 'LINK_EXPIRED',
  mailFailed: 'MAIL_FAILED',
  adminRoleLocked: 'ADMIN_ROLE_LOCKED',
  twoFactorRequired: 'TWO_FACTOR_REQUIRED',
  twoFactorInvalid: 'TWO_FACTOR_INVALID',
  twoFactorUnavailable: 'TWO_FACTOR_UNAVAILABLE',
  twoFactorLocked: 'TWO_FACTOR_LOCKED',
  currentSession: 'CURRENT_SESSION',
} as const;

const SIGN_IN_BY_CODE: Record<string, string> = {
  [AUTH_ERROR_CODES.invalidCredentials]: SIGN_IN_MESSAGES.invalidCredentials,
  [AUTH_ERROR_CODES.tooManyAttempts]: SIGN_IN_MESSAGES.tooManyAttempts,
  [AUTH_ERROR_CODES.disabled]: SIGN_IN_MESSAGES.disabled,
  [AUTH_ERROR_CODES.deleted]: SIGN_IN_MESSAGES.deleted,
  [AUTH_ERROR_CODES.unverified]: SIGN_IN_MESSAGES.unverified,
  [AUTH_ERROR_CODES.twoFactorRequired]: TWO_FACTOR_MESSAGES.codeRequired,
  [AUTH_ERROR_CODES.twoFactorInvalid]: TWO_FACTOR_MESSAGES.codeInvalid,
  [AUTH_ERROR_CODES.twoFactorUnavailable]: TWO_FACTOR_MESSAGES.unavailable,
  [AUTH_ERROR_CODES.twoFactorLocked]: TWO_FACTOR_MESSAGES.locked,
};

/**
 * The sign-in message for a failed call: status 0 is a network failure, 429 is too many attempts
 * (also from the per-address rate limit), a bad email field is the invalid-email message, anything else the fallback.
 */
export function signInMessageFor(err: { status: number; code?: string; fields?: Record<string, string> }): string {
  if (err.status === 0) return SIGN_IN_MESSAGES.network;
  if (err.code && SIGN_IN_BY_CODE[err.code]) return SIGN_IN_BY_CODE[err.code];
  if (err.status === 429) return SIGN_IN_MESSAGES.tooManyAttempts;
  if (err.status === 400 && err.fields?.email) return SIGN_IN_MESSAGES.invalidEmail;
  if (err.status === 401 || (err.status === 400 && err.fields?.password)) return SIGN_IN_MESSAGES.invalidCredentials;
  return SIGN_IN_MESSAGES.other;
}
