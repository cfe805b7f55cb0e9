import { useRef, useState, type ReactNode } from 'react';
import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { FIELD_MESSAGES, newPasswordSchema } from '@accountry/shared/account-rules';
import { AUTH_ERROR_CODES } from '@accountry/shared/auth-messages';
import { ApiRequestError } from '../../../lib/api';
import { focusFirstError } from '../../../lib/forms';
import { passwordChecklistProps } from './password-checklist';

interface ChoosePasswordFormProps {
  /** The form's accessible name. */
  name: string;
  intro: ReactNode;
  submitLabel: string;
  submit: (password: string) => Promise<{ email: string }>;
  onSaved: (email: string) => void;
  /** The server says the link was used or expired meanwhile: the page shows that instead of the form. */
  onLinkGone: (err: Error) => void;
}

type Errors = Record<string, string>;
const LINK_GONE: string[] = [AUTH_ERROR_CODES.linkInvalid, AUTH_ERROR_CODES.linkExpired];

/** A new password, typed twice and checked as the server checks it: the reset link's form and the undo link's. */
export function ChoosePasswordForm({ name, intro, submitLabel, submit, onSaved, onLinkGone }: ChoosePasswordFormProps) {
  const form = useRef<HTMLFormElement>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  // The focus goes to the first field to fix, or to the form's message, so what is wrong is read out.
  const showErrors = (next: Errors) => focusFirstError(form.current, () => setErrors(next));
  const save = useMutation({
    mutationFn: submit,
    onSuccess: ({ email }) => onSaved(email),
    onError: (err) => {
      if (err instanceof ApiRequestError && LINK_GONE.includes(err.code)) return onLinkGone(err);
      showErrors(err instanceof ApiRequestError && Object.keys(err.fields).length ? err.fields : { _: err.message });
    },
  });

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    const parsed = newPasswordSchema.safeParse(password);
    if (!parsed.success) return showErrors({ password: parsed.error.issues[0].message });
    if (confirm !== password) return showErrors({ confirm: FIELD_MESSAGES.passwordsDiffer });
    setErrors({});
    save.mutate(password);
  };

  return (
    <form ref={form} onSubmit={onSubmit} noValidate aria-label={name}>
      <Stack>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {intro}
        </Text>
        {errors._ && (
          <Alert color="red" role="alert" tabIndex={-1} data-form-error>
            {errors._}
          </Alert>
        )}
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password}
          // Mantine's PasswordInput does not mark itself invalid for assistive technology: each one here says so.
          aria-invalid={!!errors.password || undefined}
          {...passwordChecklistProps(password, 'new-password-rules')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(e) => setConfirm(e.currentTarget.value)}
          error={errors.confirm}
          aria-invalid={!!errors.confirm || undefined}
        />
        {/* Not disabled while sending (a disabled button drops the keyboard's focus): a second press is ignored. */}
        <Button type="submit" fullWidth aria-busy={save.isPending || undefined}>
          {save.isPending ? 'Saving…' : submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
