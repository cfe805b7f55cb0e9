import { useRef, useState } from 'react';
import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ACCOUNT_DELETION_MESSAGES, ERASE_AFTER_DAYS } from '@accountry/shared/account-deletion';
import { TWO_FACTOR_MESSAGES } from '@accountry/shared/two-factor';
import { focusFirstError } from '../../../lib/forms';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import { toast } from '../../../lib/toast';
import { authApi } from '../api/auth-api';
import { CurrentPasswordInput } from '../../../components/confirm-identity/current-password-input';
import { TWO_FACTOR_KEY } from '../../../components/confirm-identity/two-factor-key';
import { useCodeIfOn } from '../../../components/confirm-identity/use-code-if-on';

/**
 * Deleting one's own account: what it means, then a dialog that asks for the password (and with two-factor sign-in on
 * a code) before anything happens.
 */
export function DeleteAccountCard() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string; _?: string }>({});
  const code = useCodeIfOn(open);
  const sending = useOneAtATime();
  const form = useRef<HTMLFormElement>(null);
  // The submit button is disabled while deleting, which drops the focus: a refusal puts it where the fix is.
  const showErrors = (next: typeof errors) => focusFirstError(form.current, () => setErrors(next));
  const remove = useMutation({
    mutationFn: authApi.deleteAccount,
    onSuccess: () => {
      queryClient.clear();
      void navigate('/');
      toast.success(ACCOUNT_DELETION_MESSAGES.done);
    },
    onError: (err) => {
      const fields = code.fieldErrors(err);
      // A refusal for the wallet or an order: a recovery code was not spent, but the count is shown fresh.
      void queryClient.invalidateQueries({ queryKey: TWO_FACTOR_KEY });
      showErrors(
        fields.password || fields.code ? { password: fields.password, code: fields.code } : { _: err.message },
      );
    },
    onSettled: sending.done,
  });
  // Not while the deletion is on its way: its answer must be seen.
  const close = () => {
    if (remove.isPending) return;
    setOpen(false);
    setPassword('');
    code.reset();
    setErrors({});
  };
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const next = {
      password: password ? undefined : 'Enter your password to confirm.',
      code: code.on && !code.value?.trim() ? TWO_FACTOR_MESSAGES.codeMissing : undefined,
    };
    if (next.password || next.code) return showErrors(next);
    if (!sending.start()) return;
    setErrors({});
    remove.mutate({ password, code: code.value });
  };

  return (
    <Stack gap="sm">
      <Text size="sm">You can delete your account when no order of yours is in progress and your wallet is empty.</Text>
      <Group>
        <Button color="red" variant="outline" onClick={() => setOpen(true)}>
          Delete my account
        </Button>
      </Group>
      <Modal
        opened={open}
        onClose={close}
        title="Delete your account?"
        centered
        closeButtonProps={{ disabled: remove.isPending }}
      >
        <form ref={form} onSubmit={onSubmit} noValidate aria-label="Delete your account">
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
              <Alert color="red" role="alert" tabIndex={-1} data-form-error>
                {errors._}
              </Alert>
            )}
            <CurrentPasswordInput
              data-autofocus
              value={password}
              error={errors.password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            {code.field(errors.code, () => setErrors(({ code: _code, ...rest }) => rest))}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={remove.isPending}>
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
