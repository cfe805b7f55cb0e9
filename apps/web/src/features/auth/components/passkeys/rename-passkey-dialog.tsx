import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PASSKEY_MESSAGES, PASSKEY_NAME_MAX, passkeyNameSchema, type Passkey } from '@accountry/shared/passkeys';
import { ApiRequestError } from '../../../../lib/api';
import { toast } from '../../../../lib/toast';
import { authApi } from '../../api/auth-api';
import { PASSKEYS_KEY } from './passkeys-key';

interface Props {
  opened: boolean;
  passkey: Passkey | null;
  onClose: () => void;
  onClosed?: () => void;
}

/** A new name for a passkey, so the member can tell which device or password manager keeps it. */
export function RenamePasskeyDialog({ opened, passkey, onClose, onClosed }: Props) {
  const queryClient = useQueryClient();
  // Null until typed in: the field starts with the passkey's name.
  const [typed, setTyped] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const field = useRef<HTMLInputElement>(null);
  // Set at the click, before the next render: a double click sends one request.
  const busy = useRef(false);
  const name = typed ?? passkey?.name ?? '';
  // Drawn before the focus arrives, so the field is read out as invalid with its message.
  const showError = (message: string) => {
    flushSync(() => setError(message));
    field.current?.focus();
    field.current?.select();
  };
  const rename = useMutation({
    mutationFn: (input: { id: string; name: string }) => authApi.renamePasskey(input.id, input.name),
    onSuccess: async () => {
      toast.success(PASSKEY_MESSAGES.renamed);
      await queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY });
      close();
    },
    onError: (err) => {
      // Removed meanwhile (from another device): the list catches up and the dialog has nothing left to rename.
      if (err instanceof ApiRequestError && err.status === 404) {
        toast.error(err.message);
        void queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY });
        return close();
      }
      showError(err instanceof ApiRequestError ? (err.fields.name ?? err.message) : err.message);
    },
  });
  const close = () => {
    setTyped(null);
    setError(undefined);
    rename.reset();
    onClose();
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!passkey || busy.current) return;
    const parsed = passkeyNameSchema.safeParse(name);
    if (!parsed.success) return showError(parsed.error.issues[0].message);
    if (parsed.data === passkey.name) return close();
    busy.current = true;
    rename.mutate({ id: passkey.id, name: parsed.data }, { onSettled: () => (busy.current = false) });
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Rename passkey"
      centered
      returnFocus={!onClosed}
      onExitTransitionEnd={onClosed}
    >
      <form onSubmit={submit} noValidate aria-label="Rename passkey">
        <Stack>
          <TextInput
            ref={field}
            data-autofocus
            label="Name"
            required
            maxLength={PASSKEY_NAME_MAX}
            value={name}
            error={error}
            // A refused name is often retyped in the same field: its message is announced when it appears.
            errorProps={{ role: 'alert' }}
            onChange={(e) => setTyped(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={rename.isPending}>
              Save name
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
