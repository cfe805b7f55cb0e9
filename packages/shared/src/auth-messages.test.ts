import { describe, expect, it } from 'vitest';
import { AUTH_ERROR_CODES, SIGN_IN_MESSAGES, signInMessageFor } from './auth-messages';

describe('spec section 8 sign-in messages', () => {
  it('are written to the letter', () => {
    expect(SIGN_IN_MESSAGES).toEqual({
      invalidCredentials: 'Invalid email or password. Please try again.',
      tooManyAttempts: 'Too many failed login attempts. Please try again later or reset your password.',
      disabled: 'This account has been disabled. Please contact support for assistance.',
      network: 'Network error. Please check your internet connection and try again.',
      invalidEmail: 'Please enter a valid email address.',
      other: 'An error occurred during sign-in.',
      unverified: 'Please verify your email before signing in. Check your inbox for a verification link.',
      deleted: 'Your account has been deleted. Please contact support if you believe this is an error.',
    });
  });

  it.each([
    ['network failure', { status: 0, code: 'NETWORK' }, SIGN_IN_MESSAGES.network],
    ['wrong password', { status: 401, code: AUTH_ERROR_CODES.invalidCredentials }, SIGN_IN_MESSAGES.invalidCredentials],
    ['locked out', { status: 429, code: AUTH_ERROR_CODES.tooManyAttempts }, SIGN_IN_MESSAGES.tooManyAttempts],
    ['rate limited', { status: 429, code: 'TOO_MANY_REQUESTS' }, SIGN_IN_MESSAGES.tooManyAttempts],
    ['disabled', { status: 403, code: AUTH_ERROR_CODES.disabled }, SIGN_IN_MESSAGES.disabled],
    ['deleted', { status: 403, code: AUTH_ERROR_CODES.deleted }, SIGN_IN_MESSAGES.deleted],
    ['unverified', { status: 403, code: AUTH_ERROR_CODES.unverified }, SIGN_IN_MESSAGES.unverified],
    ['bad email', { status: 400, code: 'VALIDATION_FAILED', fields: { email: 'x' } }, SIGN_IN_MESSAGES.invalidEmail],
    [
      'over-long password',
      { status: 400, code: 'VALIDATION_FAILED', fields: { password: 'x' } },
      SIGN_IN_MESSAGES.invalidCredentials,
    ],
    ['plain 401', { status: 401, code: 'UNAUTHORIZED' }, SIGN_IN_MESSAGES.invalidCredentials],
    ['server error', { status: 500, code: 'INTERNAL' }, SIGN_IN_MESSAGES.other],
    ['csrf', { status: 403, code: 'CSRF_FAILED' }, SIGN_IN_MESSAGES.other],
    ['unknown', { status: 418 }, SIGN_IN_MESSAGES.other],
  ])('%s → its message', (_name, err, message) => {
    expect(signInMessageFor(err)).toBe(message);
  });
});
