import { useRef, useState } from 'react';
import { Alert, Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { TWO_FACTOR_MESSAGES } from '@accountry/shared/two-factor';
import { ApiRequestError } from '../../../../lib/api';
import { toast } from '../../../../lib/toast';
import { authApi } from '../../api/auth-api';
import { CurrentPasswordInput } from '../current-password-input';
import { CodeInput } from './code-input';

type Errors = { password?: string; code?: string; _?: string };

/** Turning two-factor sign-in off: the password and a code from the app or a recovery code. */
export function TwoFactorOffDialog({ opened, onClose }: { opened: boolean; onClose: (changed: boolean) => void }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const passwordField = useRef<HTMLInputElement>(null);
  const codeField = useRef<HTMLInputElement>(null);
  const reset = () => {
    setPassword('');
    setCode('');
    setRecovery(false);
    setErrors({});
  };
  const off = useMutation({
    mutationFn: authApi.disableTwoFactor,
    onSuccess: () => {
      reset();
      toast.success(TWO_FACTOR_MESSAGES.turnedOff);
      onClose(true);
    },
    onError: (err) => {
      const fields = err instanceof ApiRequestError ? err.fields : {};
      setErrors(fields.password || fields.code ? { password: fields.password, code: fields.code } : { _: err.message });
      (fields.password || !fields.code ? passwordField : codeField).current?.focus();
    },
  });
  const close = () => {
    reset();
    onClose(false);
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const next: Errors = {};
    if (!password) next.password = 'Enter your password to confirm.';
    if (!code.trim()) next.code = 'Enter the code.';
    setErrors(next);
    if (next.password) return passwordField.current?.focus();
    if (next.code) return codeField.current?.focus();
    off.mutate({ password, code });
  };

  return (
    <Modal opened={opened} onClose={close} title="Turn off two-factor sign-in?" centered>
      <form onSubmit={submit} noValidate aria-label="Turn off two-factor sign-in">
        <Stack>
          <Text size="sm">Signing in will take only your password. Your recovery codes stop working.</Text>
          {errors._ && (
            <Alert color="red" role="alert">
              {errors._}
            </Alert>
          )}
          <CurrentPasswordInput
            data-autofocus
            ref={passwordField}
            value={password}
            error={errors.password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <CodeInput
            ref={codeField}
            recovery={recovery}
            value={code}
            error={errors.code}
            onChange={(e) => setCode(e.currentTarget.value)}
          />
          <Anchor component="button" type="button" size="sm" onClick={() => setRecovery((r) => !r)}>
            {recovery ? 'Use a code from the app instead' : 'Use a recovery code instead'}
          </Anchor>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Keep it on
            </Button>
            <Button type="submit" color="red" loading={off.isPending}>
              Turn off
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
