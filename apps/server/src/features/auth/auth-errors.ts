import {
  ACCOUNT_MESSAGES,
  AUTH_ERROR_CODES,
  AUTH_FALLBACK_MESSAGES,
  SIGN_IN_MESSAGES,
} from '@accountry/shared/auth-messages';
import { TWO_FACTOR_MESSAGES } from '@accountry/shared/two-factor';
import { apiErrorSchema } from '@accountry/shared/api-error';
import { AppError } from '../../lib/app-error';

/** The auth errors, each with the code the client acts on and the message it shows. */
export const authErrors = {
  invalidCredentials: () => new AppError(401, AUTH_ERROR_CODES.invalidCredentials, SIGN_IN_MESSAGES.invalidCredentials),
  tooManyAttempts: () => new AppError(429, AUTH_ERROR_CODES.tooManyAttempts, SIGN_IN_MESSAGES.tooManyAttempts),
  disabled: () => new AppError(403, AUTH_ERROR_CODES.disabled, SIGN_IN_MESSAGES.disabled),
  deleted: () => new AppError(403, AUTH_ERROR_CODES.deleted, SIGN_IN_MESSAGES.deleted),
  unverified: () => new AppError(403, AUTH_ERROR_CODES.unverified, SIGN_IN_MESSAGES.unverified),
  twoFactorRequired: () => new AppError(401, AUTH_ERROR_CODES.twoFactorRequired, TWO_FACTOR_MESSAGES.codeRequired),
  twoFactorInvalid: () =>
    new AppError(401, AUTH_ERROR_CODES.twoFactorInvalid, TWO_FACTOR_MESSAGES.codeInvalid, {
      code: TWO_FACTOR_MESSAGES.codeInvalid,
    }),
  twoFactorLocked: () => new AppError(429, AUTH_ERROR_CODES.twoFactorLocked, TWO_FACTOR_MESSAGES.locked),
  signInFailed: () => new AppError(500, AUTH_ERROR_CODES.signInFailed, SIGN_IN_MESSAGES.other),
  emailTaken: () =>
    new AppError(409, AUTH_ERROR_CODES.emailTaken, ACCOUNT_MESSAGES.emailTaken, { email: ACCOUNT_MESSAGES.emailTaken }),
  verificationMailFailed: () => new AppError(503, AUTH_ERROR_CODES.mailFailed, AUTH_FALLBACK_MESSAGES.verification),
  resetMailFailed: () => new AppError(503, AUTH_ERROR_CODES.mailFailed, AUTH_FALLBACK_MESSAGES.passwordReset),
  currentSession: () => new AppError(400, AUTH_ERROR_CODES.currentSession, ACCOUNT_MESSAGES.currentDevice),
  adminRoleLocked: () =>
    new AppError(403, AUTH_ERROR_CODES.adminRoleLocked, ACCOUNT_MESSAGES.adminRoleLocked, {
      role: ACCOUNT_MESSAGES.adminRoleLocked,
    }),
};

/** The error replies the auth and profile routes may answer, for their response schemas. */
export const authErrorReplies = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
  503: apiErrorSchema,
};
