import { useRef, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ApiRequestError } from '../../../../lib/api';
import { authApi } from '../../api/auth-api';
import { CurrentPasswordInput } from '../current-password-input';
import { RecoveryCodesPanel } from './recovery-codes-panel';

/** New recovery codes in place of the old ones, with the password. */
export function NewRecoveryCodesDialog({ opened, onClose }: { opened: boolean; onClose: (changed: boolean) => void }) {
  const [password, setPassword] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [errors, setErrors] = useState<{ password?: string; _?: string }>({});
  const field = useRef<HTMLInputElement>(null);
  const make = useMutation({
    mutationFn: authApi.newRecoveryCodes,
    onSuccess: (r) => setCodes(r.recoveryCodes),
    onError: (err) => {
      setErrors(
        err instanceof ApiRequestError && err.fields.password ? { password: err.fields.password } : { _: err.message },
      );
      field.current?.focus();
    },
  });
  const close = () => {
    const changed = codes !== null;
    setPassword('');
    setCodes(null);
    setErrors({});
    onClose(changed);
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!password) return (setErrors({ password: 'Enter your password to confirm.' }), field.current?.focus());
    make.mutate(password);
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="New recovery codes"
      centered
      closeOnClickOutside={!codes}
      closeOnEscape={!codes}
      withCloseButton={!codes}
    >
      {codes ? (
        <RecoveryCodesPanel codes={codes} onDone={close} />
      ) : (
        <form onSubmit={submit} noValidate aria-label="Make new recovery codes">
          <Stack>
            <Text size="sm">New codes replace the ones you have: the old codes stop working.</Text>
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
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={make.isPending}>
                Make new codes
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
