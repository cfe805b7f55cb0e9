import { describe, expect, it } from 'vitest';
import { SIGN_IN_MESSAGES } from '@accountry/shared/auth-messages';
import { PASSKEY_MESSAGES } from '@accountry/shared/passkeys';
import { ApiRequestError } from '../../../../lib/api';
import { PasskeyBrowserError } from './passkey-ceremony';
import { passkeySignInMessage } from './passkey-sign-in-message';

describe('passkeySignInMessage', () => {
  it.each([
    [
      'a canceled prompt, as when this device has no passkey',
      new PasskeyBrowserError('canceled', PASSKEY_MESSAGES.canceled),
      'No passkey was used. If you have not added one on this device, sign in with your email and password, then add ' +
        'one from your profile.',
    ],
    [
      'a browser without passkeys',
      new PasskeyBrowserError('unsupported', PASSKEY_MESSAGES.unsupported),
      'This browser cannot use passkeys.',
    ],
    ['an unknown passkey', new ApiRequestError(401, 'PASSKEY_UNKNOWN', 'x'), PASSKEY_MESSAGES.unknown],
    ['an expired challenge', new ApiRequestError(400, 'PASSKEY_EXPIRED', 'x'), PASSKEY_MESSAGES.expired],
    ['a refused signature', new ApiRequestError(400, 'PASSKEY_NOT_VERIFIED', 'x'), PASSKEY_MESSAGES.notVerified],
    ['a disabled account', new ApiRequestError(403, 'ACCOUNT_DISABLED', 'x'), SIGN_IN_MESSAGES.disabled],
    ['a deleted account', new ApiRequestError(403, 'ACCOUNT_DELETED', 'x'), SIGN_IN_MESSAGES.deleted],
    ['too many tries', new ApiRequestError(429, 'RATE_LIMITED', 'x'), SIGN_IN_MESSAGES.tooManyAttempts],
    ['a lost connection', new ApiRequestError(0, 'NETWORK', 'x'), SIGN_IN_MESSAGES.network],
    ['anything else', new Error('boom'), SIGN_IN_MESSAGES.other],
  ])('%s reads as its message', (_what, err, message) => {
    expect(passkeySignInMessage(err)).toBe(message);
  });
});
