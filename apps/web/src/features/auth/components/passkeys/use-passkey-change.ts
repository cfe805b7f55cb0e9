import { useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../../../../lib/api';
import { toast } from '../../../../lib/toast';
import { PASSKEYS_KEY } from './passkeys-key';
import { refreshAccountSecurity } from '../../../../components/confirm-identity/account-security-refresh';

interface Options<I> {
  send: (input: I) => Promise<unknown>;
  /** The toast once it is done. */
  done: string;
  close: () => void;
  /** Any refusal but "not found": the dialog shows it. */
  onRefused: (err: Error) => void;
}

/**
 * A change to one passkey (renaming, removing): one request per click, the list refreshed before the dialog closes,
 * and a passkey already removed elsewhere closes the dialog with the list caught up.
 */
export function usePasskeyChange<I>({ send, done, close, onRefused }: Options<I>) {
  const queryClient = useQueryClient();
  // Set at the click, before the next render: a double click sends one request.
  const busy = useRef(false);
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: async () => {
      toast.success(done);
      await queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY });
      void refreshAccountSecurity(queryClient);
      close();
    },
    onError: async (err) => {
      if (err instanceof ApiRequestError && err.status === 404) {
        toast.error(err.message);
        // Caught up first, as after a change: the focus then skips the opener that went with the passkey.
        await queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY });
        return close();
      }
      onRefused(err);
    },
    onSettled: () => {
      busy.current = false;
    },
  });
  return {
    isPending: mutation.isPending,
    reset: mutation.reset,
    /** Sends, unless this dialog's request is still on its way. */
    mutate: (input: I) => {
      if (busy.current) return;
      busy.current = true;
      mutation.mutate(input);
    },
  };
}
