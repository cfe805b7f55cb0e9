import { useRef, useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PASSKEY_ERROR_CODES, PASSKEY_MESSAGES } from '@accountry/shared/passkeys';
import { ApiRequestError } from '../../../../lib/api';
import { toast } from '../../../../lib/toast';
import { useOneAtATime } from '../../../../lib/use-one-at-a-time';
import { authApi } from '../../api/auth-api';
import { PasskeyBrowserError, cancelPasskeyRequest, createPasskey, signalUnknownPasskey } from './passkey-ceremony';
import { PASSKEYS_KEY } from './passkeys-key';
import { useCodeIfOn } from '../../../../components/confirm-identity/use-code-if-on';
import { useAddPasskeyForm } from './use-add-passkey-form';
import { refreshAccountSecurity } from '../../../../components/confirm-identity/account-security-refresh';
import { AppModal } from '../../../../components/ui/app-modal';
import { DialogForm } from '../../../../components/ui/dialog-form';

/** A confirmation is used again only well within the challenge's 5 minutes. */
const KEEP_CONFIRMATION_MS = 4 * 60_000;

interface Props {
  opened: boolean;
  onClose: () => void;
  /** Where the focus goes after closing when the add button is gone (the list is full). */
  returnFocusTo?: () => HTMLElement | null | undefined;
}

/** Adding a passkey: a name, the password (and a code with two-factor sign-in on), then the browser's own steps. */
export function AddPasskeyDialog({ opened, onClose, returnFocusTo }: Props) {
  const queryClient = useQueryClient();
  const code = useCodeIfOn(opened);
  const withCode = code.on;
  const form = useAddPasskeyForm(code);
  const [inBrowser, setInBrowser] = useState(false);
  // The server's options once the password (and code) were accepted: a canceled browser step is tried again with them,
  // since the code was spent and the challenge lives 5 minutes.
  const confirmed = useRef<{ options: Record<string, unknown>; at: number } | null>(null);
  // A double click adds one passkey.
  const sending = useOneAtATime();
  const isOpen = useRef(opened);
  isOpen.current = opened;

  const add = useMutation({
    mutationFn: async (input: { name: string; password: string; code?: string }) => {
      if (!confirmed.current || Date.now() - confirmed.current.at > KEEP_CONFIRMATION_MS) {
        const { options } = await authApi.passkeyOptions({ password: input.password, code: input.code });
        confirmed.current = { options, at: Date.now() };
      }
      const { options } = confirmed.current;
      setInBrowser(true);
      const credential = await createPasskey(options).finally(() => setInBrowser(false));
      // Sent once, whatever the answer: its challenge is spent.
      confirmed.current = null;
      try {
        return await authApi.addPasskey({ name: input.name, credential });
      } catch (err) {
        // Not kept here: where the browser can, the device forgets the passkey it just made.
        signalUnknownPasskey(options.rp && (options.rp as { id?: unknown }).id, credential.id);
        throw err;
      }
    },
    onSuccess: async () => {
      toast.success(PASSKEY_MESSAGES.added);
      // The list shows the new passkey before the dialog goes.
      await queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY });
      void refreshAccountSecurity(queryClient);
      close();
    },
    onError: (err) => {
      if (!isOpen.current) return; // Canceled by closing the dialog.
      const fields = code.fieldErrors(err);
      if (fields.name || fields.password || fields.code) {
        const first = fields.name ? 'name' : fields.password ? 'password' : 'code';
        return form.show({ name: fields.name, password: fields.password, code: fields.code }, first);
      }
      if (err instanceof ApiRequestError && err.code === PASSKEY_ERROR_CODES.tooMany) {
        // Another tab filled the list: it shows why the add button is gone.
        toast.error(err.message);
        void queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY });
        return close();
      }
      // The browser's step failed with the confirmation still good: the next try goes straight back to it.
      const retry = confirmed.current && err instanceof PasskeyBrowserError && err.reason === 'canceled';
      const message = retry ? `${err.message} ${PASSKEY_MESSAGES.retryBrowser}` : err.message;
      // Otherwise the code was used, so a retry takes a new one; the focus goes where the next try starts.
      form.show({ _: message }, withCode && !confirmed.current ? 'code' : 'password', withCode && !confirmed.current);
    },
    onSettled: sending.done,
  });
  // Nothing typed stays behind once the dialog is closed, in the form or in the request's cache.
  const close = () => {
    isOpen.current = false;
    if (inBrowser) cancelPasskeyRequest();
    confirmed.current = null;
    form.reset();
    add.reset();
    onClose();
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const values = form.validate();
    if (!values || !sending.start()) return;
    add.mutate(values);
  };

  return (
    <AppModal
      opened={opened}
      // While the browser asks, closing stops its request too.
      onClose={() => (!add.isPending || inBrowser) && close()}
      title="Add a passkey"
      description={
        'Confirm it is you, then follow your browser’s steps: it may ask for your fingerprint, face or screen lock, ' +
        'or offer to keep the passkey on your phone or a security key.'
      }
      centered
      returnFocusTo={returnFocusTo}
    >
      <DialogForm onSubmit={submit}>
        <Stack>
          {form.fields}
          <Text size="sm" role="status">
            {inBrowser ? PASSKEY_MESSAGES.waiting : ''}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={add.isPending && !inBrowser}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Add passkey
            </Button>
          </Group>
        </Stack>
      </DialogForm>
    </AppModal>
  );
}
