import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { PASSKEY_MESSAGES, PASSKEY_NAME_MAX, passkeyNameSchema, type Passkey } from '@accountry/shared/passkeys';
import { ApiRequestError } from '../../../../lib/api';
import { authApi } from '../../api/auth-api';
import { usePasskeyChange } from './use-passkey-change';
import { AppModal } from '../../../../components/ui/app-modal';
import { DialogForm } from '../../../../components/ui/dialog-form';

interface Props {
  opened: boolean;
  passkey: Passkey | null;
  onClose: () => void;
  returnFocusTo?: () => HTMLElement | null | undefined;
}

/** A new name for a passkey, so the member can tell which device or password manager keeps it. */
export function RenamePasskeyDialog({ opened, passkey, onClose, returnFocusTo }: Props) {
  // Null until typed in: the field starts with the passkey's name.
  const [typed, setTyped] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const field = useRef<HTMLInputElement>(null);
  const name = typed ?? passkey?.name ?? '';
  // Drawn before the focus arrives, so the field is read out as invalid with its message.
  const showError = (message: string) => {
    flushSync(() => setError(message));
    field.current?.focus();
    field.current?.select();
  };
  const rename = usePasskeyChange({
    send: (input: { id: string; name: string }) => authApi.renamePasskey(input.id, input.name),
    done: PASSKEY_MESSAGES.renamed,
    close: () => close(),
    onRefused: (err) => showError(err instanceof ApiRequestError ? (err.fields.name ?? err.message) : err.message),
  });
  const close = () => {
    setTyped(null);
    setError(undefined);
    rename.reset();
    onClose();
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!passkey) return;
    const parsed = passkeyNameSchema.safeParse(name);
    if (!parsed.success) return showError(parsed.error.issues[0].message);
    if (parsed.data === passkey.name) return close();
    rename.mutate({ id: passkey.id, name: parsed.data });
  };

  return (
    <AppModal
      opened={opened}
      onClose={close}
      title="Rename passkey"
      description="A name tells your passkeys apart, such as the device or password manager that keeps it."
      centered
      returnFocusTo={returnFocusTo}
    >
      <DialogForm onSubmit={submit}>
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
      </DialogForm>
    </AppModal>
  );
}
