import { useRef, useState } from 'react';
import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ACCOUNT_DELETION_MESSAGES, ERASE_AFTER_DAYS } from '@accountry/shared/account-deletion';
import { ApiRequestError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { authApi } from '../api/auth-api';
import { CurrentPasswordInput } from './current-password-input';

/** Deleting one's own account: what it means, then a dialog that asks for the password before anything happens. */
export function DeleteAccountCard() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ password?: string; _?: string }>({});
  // The submit button is disabled while deleting, which drops the focus: a refusal puts it back on the password.
  const passwordInput = useRef<HTMLInputElement>(null);
  const remove = useMutation({
    mutationFn: authApi.deleteAccount,
    onSuccess: () => {
      queryClient.clear();
      void navigate('/');
      toast.success(ACCOUNT_DELETION_MESSAGES.done);
    },
    onError: (err) => {
      setErrors(
        err instanceof ApiRequestError && err.fields.password ? { password: err.fields.password } : { _: err.message },
      );
      passwordInput.current?.focus();
    },
  });
  const close = () => {
    setOpen(false);
    setPassword('');
    setErrors({});
  };
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!password) {
      setErrors({ password: 'Enter your password to confirm.' });
      return passwordInput.current?.focus();
    }
    setErrors({});
    remove.mutate(password);
  };

  return (
    <Stack gap="sm">
      <Text size="sm">You can delete your account when no order of yours is in progress and your wallet is empty.</Text>
      <Group>
        <Button color="red" variant="outline" onClick={() => setOpen(true)}>
          Delete my account
        </Button>
      </Group>
      <Modal opened={open} onClose={close} title="Delete your account?" centered>
        <form onSubmit={onSubmit} noValidate aria-label="Delete your account">
          <Stack>
            <List size="sm" spacing={4}>
              <List.Item>You are signed out everywhere and nobody can sign in to the account.</List.Item>
              <List.Item>Your listings are no longer shown.</List.Item>
              <List.Item>
                Support can restore the account for {ERASE_AFTER_DAYS} days. Then your email address, name, phone number
                and password are erased.
              </List.Item>
              <List.Item>Orders, payments and reviews stay on record, under &ldquo;Former member&rdquo;.</List.Item>
            </List>
            {errors._ && (
              <Alert color="red" role="alert">
                {errors._}
              </Alert>
            )}
            <CurrentPasswordInput
              data-autofocus
              ref={passwordInput}
              value={password}
              error={errors.password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Keep my account
              </Button>
              <Button type="submit" color="red" loading={remove.isPending}>
                Delete my account
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
