import { useMutation } from '@tanstack/react-query';
import type { MeResponse } from '@accountry/shared/auth';
import { PASSKEY_ERROR_CODES } from '@accountry/shared/passkeys';
import { ApiRequestError } from '../../../../lib/api';
import { authApi } from '../../api/auth-api';
import { getPasskey, signalUnknownPasskey } from './passkey-ceremony';
import { passkeySignInMessage } from './passkey-sign-in-message';

interface Handlers {
  onSignedIn: (me: MeResponse) => void;
  onFailed: (err: Error, message: string) => void;
}

/**
 * Signing in with a passkey: the server's challenge, the browser's prompt (the person picks a passkey and unlocks it,
 * which stands for both factors, so no code is asked), then the server's check. Its argument is "Remember me".
 */
export function usePasskeySignIn({ onSignedIn, onFailed }: Handlers) {
  return useMutation({
    mutationFn: async (remember: boolean) => {
      const { options } = await authApi.passkeySignInOptions();
      const credential = await getPasskey(options);
      try {
        return await authApi.passkeySignIn({ credential, remember });
      } catch (err) {
        // Removed here but still on the device: where the browser can, its passkey manager forgets it too.
        if (err instanceof ApiRequestError && err.code === PASSKEY_ERROR_CODES.unknown)
          signalUnknownPasskey(options.rpId, credential.id);
        throw err;
      }
    },
    onSuccess: onSignedIn,
    onError: (err) => onFailed(err, passkeySignInMessage(err)),
  });
}
