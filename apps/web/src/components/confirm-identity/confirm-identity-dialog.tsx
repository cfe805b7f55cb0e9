import { useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TWO_FACTOR_MESSAGES } from '@accountry/shared/two-factor';
import { focusFirstError } from '../../lib/forms';
import { useOneAtATime } from '../../lib/use-one-at-a-time';
import { CurrentPasswordInput } from './current-password-input';
import { useCodeIfOn } from './use-code-if-on';
import { refreshAccountSecurity } from './account-security-refresh';
import { AppModal } from '../ui/app-modal';
import { DialogForm } from '../ui/dialog-form';

export interface IdentityProof {
  password: string;
  code?: string;
}

interface Props<T> {
  opened: boolean;
  title: string;
  /** What the action does, above the password: the dialog's description. */
  children: ReactNode;
  confirmLabel: string;
  /** Red unless the action destroys nothing. */
  confirmColor?: string;
  /** What is happening while the answer is on its way (a long one says so). */
  pendingText?: string;
  cancelLabel?: string;
  /** Sends the proof with the action; a refusal naming `password` or `code` shows on that field. */
  send: (proof: IdentityProof) => Promise<T>;
  onDone: (reply: T) => void | Promise<void>;
  onClose: () => void;
  /** Where the focus goes after closing when the button that opened the dialog is gone. */
  returnFocusTo?: () => HTMLElement | null | undefined;
}

/**
 * An action confirmed with the password and, with two-factor sign-in on, a code (decision 172): sent once
 * however often it is clicked, not closable while its answer is on the way, and emptied when closed.
 */
export function ConfirmIdentityDialog<T>(props: Props<T>) {
  const { opened, title, confirmLabel, send, onDone, onClose } = props;
  const client = useQueryClient();
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string; _?: string }>({});
  const code = useCodeIfOn(opened);
  const sending = useOneAtATime();
  const form = useRef<HTMLFormElement>(null);
  const pending = useRef<HTMLParagraphElement>(null);
  // The submit button is disabled while sending, which drops the focus: it goes to the line saying what happens, and a
  // refusal puts it where the fix is.
  const showErrors = (next: typeof errors) => focusFirstError(form.current, () => setErrors(next));
  const action = useMutation({
    mutationFn: send,
    onSuccess: async (reply) => {
      await onDone(reply);
      close(true);
    },
    onError: (err) => {
      const fields = code.fieldErrors(err);
      showErrors(
        fields.password || fields.code ? { password: fields.password, code: fields.code } : { _: err.message },
      );
    },
    // A recovery code may have been spent: the count left is shown fresh.
    onSettled: () => {
      sending.done();
      void refreshAccountSecurity(client);
    },
  });
  // Not while the answer is on its way: it must be seen.
  const close = (done = false) => {
    if (action.isPending && !done) return;
    setPassword('');
    code.reset();
    setErrors({});
    onClose();
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const next = {
      password: password ? undefined : 'Enter your password to confirm.',
      code: code.on && !code.value?.trim() ? TWO_FACTOR_MESSAGES.codeMissing : undefined,
    };
    if (next.password || next.code) return showErrors(next);
    if (!sending.start()) return;
    setErrors({});
    action.mutate({ password, code: code.value });
    requestAnimationFrame(() => pending.current?.focus());
  };

  return (
    <AppModal
      opened={opened}
      onClose={() => close()}
      title={title}
      description={<Stack gap="sm">{props.children}</Stack>}
      centered
      closeButtonProps={{ disabled: action.isPending }}
      returnFocusTo={props.returnFocusTo}
    >
      <DialogForm ref={form} onSubmit={submit}>
        <Stack>
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
          {action.isPending && (
            <Text ref={pending} role="status" tabIndex={-1} size="sm" c="dimmed">
              {props.pendingText ?? 'Checking…'}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => close()} disabled={action.isPending}>
              {props.cancelLabel ?? 'Cancel'}
            </Button>
            <Button type="submit" color={props.confirmColor ?? 'red'} loading={action.isPending}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </DialogForm>
    </AppModal>
  );
}
