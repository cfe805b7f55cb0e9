import { SIGN_IN_MESSAGES, signInMessageFor } from '@accountry/shared/auth-messages';
import { PASSKEY_ERROR_CODES, PASSKEY_MESSAGES } from '@accountry/shared/passkeys';
import { ApiRequestError } from '../../../../lib/api';
import { PasskeyBrowserError } from './passkey-ceremony';

const BY_CODE: Record<string, string> = {
  [PASSKEY_ERROR_CODES.unknown]: PASSKEY_MESSAGES.unknown,
  [PASSKEY_ERROR_CODES.expired]: PASSKEY_MESSAGES.expired,
  [PASSKEY_ERROR_CODES.notVerified]: PASSKEY_MESSAGES.notVerified,
};

/** What the sign-in form says when a passkey did not sign in: the browser's cause, the passkey's, or the account's. */
export function passkeySignInMessage(err: Error): string {
  // Closing the browser's prompt is also what someone without a passkey here does: say what to do instead.
  if (err instanceof PasskeyBrowserError)
    return err.reason === 'canceled' ? PASSKEY_MESSAGES.noPasskeyUsed : err.message;
  if (!(err instanceof ApiRequestError)) return SIGN_IN_MESSAGES.other;
  return BY_CODE[err.code] ?? signInMessageFor(err);
}
