import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PASSKEY_MESSAGES } from '@accountry/shared/passkeys';
import { ApiRequestError } from '../../../../lib/api';
import { toast } from '../../../../lib/toast';
import { authApi } from '../../api/auth-api';
import { createPasskey } from './passkey-ceremony';
import { PASSKEYS_KEY } from './passkeys-key';
import { useAddPasskeyForm } from './use-add-passkey-form';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** After the dialog is gone: the caller puts the focus back. */
  onClosed?: () => void;
}

/** Adding a passkey: a name, the password (and a code with two-factor sign-in on), then the browser's own steps. */
export function AddPasskeyDialog({ opened, onClose, onClosed }: Props) {
  const queryClient = useQueryClient();
  // The two-factor card's query: whether a code is asked for too.
  const twoFactor = useQuery({ queryKey: ['two-factor'], queryFn: authApi.twoFactor, enabled: opened });
  // Asked by the server though the status said off (turned on in another tab meanwhile).
  const [codeAsked, setCodeAsked] = useState(false);
  const withCode = !!twoFactor.data?.enabled || codeAsked;
  const form = useAddPasskeyForm(withCode);
  const [inBrowser, setInBrowser] = useState(false);

  const add = useMutation({
    mutationFn: async (input: { name: string; password: string; code?: string }) => {
      const { options } = await authApi.passkeyOptions({ password: input.password, code: input.code });
      setInBrowser(true);
      const credential = await createPasskey(options).finally(() => setInBrowser(false));
      return authApi.addPasskey({ name: input.name, credential });
    },
    onSuccess: async () => {
      toast.success(PASSKEY_MESSAGES.added);
      // The list shows the new passkey before the dialog goes.
      await queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY });
      close();
    },
    onError: (err) => {
      const fields = err instanceof ApiRequestError ? err.fields : {};
      if (fields.name || fields.password || fields.code) {
        if (fields.code) setCodeAsked(true);
        const first = fields.name ? 'name' : fields.password ? 'password' : 'code';
        return form.show({ name: fields.name, password: fields.password, code: fields.code }, first);
      }
      // Canceled in the browser, or refused after it. Past the password the code was used, so a retry takes a new one;
      // the focus goes where the next try starts (the button is still disabled here), while the alert is read out.
      form.show({ _: err.message }, withCode ? 'code' : 'password', withCode);
    },
  });
  // Nothing typed stays behind once the dialog is closed, in the form or in the request's cache.
  const close = () => {
    form.reset();
    add.reset();
    setCodeAsked(false);
    onClose();
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const values = form.validate();
    if (values) add.mutate(values);
  };

  return (
    <Modal
      opened={opened}
      onClose={() => !add.isPending && close()}
      title="Add a passkey"
      centered
      returnFocus={!onClosed}
      onExitTransitionEnd={onClosed}
    >
      <form onSubmit={submit} noValidate aria-label="Add a passkey">
        <Stack>
          <Text size="sm">
            Confirm it is you, then follow your browser&rsquo;s steps: it may ask for your fingerprint, face or screen
            lock, or offer to keep the passkey on your phone or a security key.
          </Text>
          {form.fields}
          <Text size="sm" role="status">
            {inBrowser ? 'Waiting for your browser: finish the steps it shows.' : ''}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={add.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Add passkey
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
