import { useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { DEFAULT_DISPLAY_NAME, reservedNameProblem } from '@accountry/shared/account-rules';
import { signUpInputSchema, type SignUpInput } from '@accountry/shared/auth';
import { AUTH_FALLBACK_MESSAGES } from '@accountry/shared/auth-messages';
import type { SelfRole } from '@accountry/shared/roles';
import { ApiRequestError } from '../../../lib/api';
import { focusFirstError, zodFieldErrors } from '../../../lib/forms';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { authApi } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { passwordChecklistProps } from '../components/password-checklist';
import { RolePicker } from '../components/role-picker';
import { useSession } from '../../../lib/session';
import { rememberPendingEmail } from '../lib/pending-email';

const empty = { email: '', password: '', displayName: '', phoneNumber: '', role: 'buyer' as SelfRole };

/** /signup: email, password and the profile (display name, phone, role); then the verification mail. */
export function Component() {
  const navigate = useNavigate();
  const { user, loading } = useSession();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const showFieldErrors = (next: Record<string, string>) => focusFirstError(form.current, () => setErrors(next));

  const signUp = useMutation({
    mutationFn: (input: SignUpInput) => authApi.signUp(input),
    onSuccess: ({ email }) => {
      rememberPendingEmail(email);
      navigate('/verification-sent', { state: { email, reason: 'signup' } });
    },
    onError: (err) => {
      if (err instanceof ApiRequestError && Object.keys(err.fields).length) {
        setFormError(null);
        showFieldErrors(err.fields);
      } else {
        // The button is disabled while sending, which drops the focus: take it to the message (also an alert).
        focusFirstError(form.current, () =>
          setFormError(
            err instanceof ApiRequestError && err.status !== 500 ? err.message : AUTH_FALLBACK_MESSAGES.signUp,
          ),
        );
      }
    },
  });

  if (loading) return <PageSpinner label="Checking your session…" />;
  if (user) return <Navigate to="/" replace />;

  const set = (k: keyof typeof empty) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [k]: value }));
  };

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    setFormError(null);
    // Blank optional fields take the spec defaults on the server.
    const parsed = signUpInputSchema.safeParse({
      ...values,
      displayName: values.displayName.trim() || undefined,
      phoneNumber: values.phoneNumber.trim() || undefined,
    });
    if (!parsed.success) return showFieldErrors(zodFieldErrors(parsed.error));
    setErrors({});
    signUp.mutate(parsed.data);
  };

  return (
    <AuthCard title="Create your account" subtitle="Buy and sell game, platform and social-media accounts">
      <form ref={form} onSubmit={onSubmit} noValidate aria-label="Sign up">
        <Stack>
          {formError && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" tabIndex={-1} data-form-error>
              {formError}
            </Alert>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={set('email')}
            error={errors.email}
          />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            required
            value={values.password}
            onChange={set('password')}
            error={errors.password}
            // Mantine marks only a TextInput as invalid for assistive technology, not a PasswordInput.
            aria-invalid={!!errors.password || undefined}
            // The checklist is the field's description: read with it, and with the error when there is one.
            {...passwordChecklistProps(values.password, 'password-rules', values.email.trim() || undefined)}
          />
          <TextInput
            label="Display name"
            description={`Shown to other members. Leave empty to appear as "${DEFAULT_DISPLAY_NAME}".`}
            autoComplete="nickname"
            maxLength={40}
            value={values.displayName}
            onChange={set('displayName')}
            // A name that claims to be staff is said as it is typed, not only when sent.
            error={errors.displayName ?? reservedNameProblem(values.displayName)}
          />
          <TextInput
            label="Phone number"
            description="Optional, e.g. +1 555 0100"
            type="tel"
            autoComplete="tel"
            maxLength={25}
            value={values.phoneNumber}
            onChange={set('phoneNumber')}
            error={errors.phoneNumber}
          />
          <RolePicker value={values.role} onChange={(role) => setValues((v) => ({ ...v, role }))} error={errors.role} />
          <Text size="xs" c="dimmed">
            By creating an account you agree to the{' '}
            <Anchor component={Link} to="/terms-of-service" size="xs">
              terms of service
            </Anchor>{' '}
            and the{' '}
            <Anchor component={Link} to="/privacy-policy" size="xs">
              privacy policy
            </Anchor>
            .
          </Text>
          <Button type="submit" loading={signUp.isPending} fullWidth>
            Create account
          </Button>
          <Text size="sm" ta="center">
            Already have an account?{' '}
            <Anchor component={Link} to="/signin">
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
