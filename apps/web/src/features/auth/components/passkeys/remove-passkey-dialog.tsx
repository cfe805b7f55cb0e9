import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { PASSKEY_MESSAGES, type Passkey } from '@accountry/shared/passkeys';
import { ApiRequestError } from '../../../../lib/api';
import { authApi } from '../../api/auth-api';
import { CurrentPasswordInput } from '../../../../components/confirm-identity/current-password-input';
import { usePasskeyChange } from './use-passkey-change';
import { AppModal } from '../../../../components/ui/app-modal';
import { DialogForm } from '../../../../components/ui/dialog-form';

interface Props {
  opened: boolean;
  passkey: Passkey | null;
  onClose: () => void;
  /** Where the focus goes after closing when the Remove button went with the passkey. */
  returnFocusTo?: () => HTMLElement | null | undefined;
}

/**
 * Removing a passkey, after the password: a stolen session alone cannot take away the owner's way in. Its own dialog,
 * not ConfirmDialog, which asks for a reason in a text area but not for a password in a form that Enter submits.
 */
export function RemovePasskeyDialog({ opened, passkey, onClose, returnFocusTo }: Props) {
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ password?: string; _?: string }>({});
  const field = useRef<HTMLInputElement>(null);
  // Drawn before the focus arrives, so the field is read out as invalid with its message.
  const showErrors = (next: { password?: string; _?: string }) => {
    flushSync(() => setErrors(next));
    field.current?.focus();
    field.current?.select();
  };
  const remove = usePasskeyChange({
    send: (input: { id: string; password: string }) => authApi.removePasskey(input.id, input.password),
    done: PASSKEY_MESSAGES.removed,
    close: () => close(),
    onRefused: (err) =>
      showErrors(
        err instanceof ApiRequestError && err.fields.password ? { password: err.fields.password } : { _: err.message },
      ),
  });
  const close = () => {
    setPassword('');
    setErrors({});
    remove.reset();
    onClose();
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!passkey) return;
    if (!password) return showErrors({ password: 'Enter your password to confirm.' });
    // A new try: the last one's message goes, so this one's is read out even when it is the same.
    flushSync(() => setErrors({}));
    remove.mutate({ id: passkey.id, password });
  };

  return (
    <AppModal
      opened={opened}
      onClose={() => !remove.isPending && close()}
      title="Remove this passkey?"
      description={
        <Text size="sm">
          <strong style={{ overflowWrap: 'anywhere' }}>{passkey?.name}</strong> will no longer sign in to your account.
          Your device or password manager may still show it: you can delete it there too.
        </Text>
      }
      centered
      returnFocusTo={returnFocusTo}
    >
      <DialogForm onSubmit={submit}>
        <Stack>
          {errors._ && (
            <Alert color="red" role="alert">
              {errors._}
            </Alert>
          )}
          <CurrentPasswordInput
            data-autofocus
            ref={field}
            value={password}
            error={errors.password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={remove.isPending}>
              Keep it
            </Button>
            <Button type="submit" color="red" loading={remove.isPending}>
              Remove passkey
            </Button>
          </Group>
        </Stack>
      </DialogForm>
    </AppModal>
  );
}
