import { useState, type ReactNode } from 'react';
import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { FIELD_MESSAGES, newPasswordSchema } from '@accountry/shared/account-rules';
import { ApiRequestError } from '../../../lib/api';
import { passwordChecklistProps } from './password-checklist';

interface ChoosePasswordFormProps {
  /** The form's accessible name. */
  name: string;
  intro: ReactNode;
  submitLabel: string;
  submit: (password: string) => Promise<{ email: string }>;
  onSaved: (email: string) => void;
}

/** A new password, typed twice and checked as the server checks it: the reset link's form and the undo link's. */
export function ChoosePasswordForm({ name, intro, submitLabel, submit, onSaved }: ChoosePasswordFormProps) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: submit,
    onSuccess: ({ email }) => onSaved(email),
    onError: (err) =>
      setErrors(err instanceof ApiRequestError && Object.keys(err.fields).length ? err.fields : { _: err.message }),
  });

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = newPasswordSchema.safeParse(password);
    if (!parsed.success) return setErrors({ password: parsed.error.issues[0].message });
    if (confirm !== password) return setErrors({ confirm: FIELD_MESSAGES.passwordsDiffer });
    setErrors({});
    save.mutate(password);
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={name}>
      <Stack>
        <Text size="sm">{intro}</Text>
        {errors._ && (
          <Alert color="red" role="alert">
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
        <Button type="submit" loading={save.isPending} fullWidth>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
