import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconClockHour4, IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signInInputSchema, type MeResponse, type SignInInput } from '@accountry/shared/auth';
import { ACCOUNT_MESSAGES, AUTH_ERROR_CODES, signInMessageFor } from '@accountry/shared/auth-messages';
import { TWO_FACTOR_MESSAGES } from '@accountry/shared/two-factor';
import { PASSKEY_ERROR_CODES } from '@accountry/shared/passkeys';
import { ApiRequestError } from '../../../lib/api';
import { focusFirstError, zodFieldErrors } from '../../../lib/forms';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { authApi } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { SESSION_QUERY_KEY, useSession } from '../../../lib/session';
import { useReturnTo } from '../hooks/use-return-to';
import { writeSharedActivity } from '../lib/activity-store';
import { rememberPendingEmail } from '../lib/pending-email';
import { SignInCodeStep } from '../components/two-factor/sign-in-code-step';
import { PasskeySignInButton } from '../components/passkeys/passkey-sign-in-button';
import { usePasskeySignIn } from '../components/passkeys/use-passkey-sign-in';
import { cancelPasskeyRequest } from '../components/passkeys/passkey-ceremony';

/** /signin with the flags of spec section 2: returnTo, timeout=true, verificationSent=true. */
export function Component() {
  const [params] = useSearchParams();
  const location = useLocation();
  const notice = (location.state as { notice?: string; email?: string } | null) ?? {};
  const noticeRef = useRef<HTMLDivElement>(null);
  // A notice brought from another page (after a reset, say) was there before a live region could announce it: focused,
  // it is read out.
  useEffect(() => {
    if (notice.notice) noticeRef.current?.focus();
  }, [notice.notice]);
  const returnTo = useReturnTo();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user, loading } = useSession();
  const [values, setValues] = useState({ email: notice.email ?? '', password: '', remember: false, code: '' });
  // Set once the server asks for the second factor (decision 168): the form then asks only for the code.
  const [codeAsked, setCodeAsked] = useState(false);
  const [recovery, setRecovery] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const passwordField = useRef<HTMLInputElement>(null);
  const codeField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (codeAsked) codeField.current?.focus();
  }, [codeAsked, recovery]);
  const showFieldErrors = (next: Record<string, string>) => focusFirstError(form.current, () => setErrors(next));

  // Signed in, by password (and code) or by passkey.
  const signedIn = (me: MeResponse) => {
    writeSharedActivity(Date.now());
    queryClient.setQueryData(SESSION_QUERY_KEY, me);
    // Everything fetched while signed out may look different now.
    void queryClient.invalidateQueries();
    navigate(returnTo, { replace: true });
  };
  const signIn = useMutation({
    mutationFn: (input: SignInInput) => authApi.signIn(input),
    onSuccess: signedIn,
    onError: (err, input) => {
      const e = err instanceof ApiRequestError ? err : new ApiRequestError(500, 'UNKNOWN', err.message);
      if (e.code === AUTH_ERROR_CODES.unverified) {
        rememberPendingEmail(input.email);
        navigate('/verification-sent', { state: { email: input.email.trim().toLowerCase(), reason: 'unverified' } });
        return;
      }
      if (e.code === AUTH_ERROR_CODES.twoFactorRequired) {
        setErrors({});
        return setCodeAsked(true);
      }
      if (e.code === AUTH_ERROR_CODES.twoFactorInvalid) {
        // Drawn before the focus arrives, so the field is read out as invalid with its message.
        flushSync(() => setErrors({ code: e.message }));
        codeField.current?.focus();
        return codeField.current?.select();
      }
      if (e.fields.email) return showFieldErrors({ email: e.fields.email });
      setErrors({});
      setFormError(signInMessageFor(e));
      // The button is disabled while signing in, which drops the focus: put it in the password (or code) field, ready for
      // another try, while the alert above is read out.
      const retry = (codeAsked ? codeField : passwordField).current;
      retry?.focus();
      retry?.select();
    },
  });

  const passkey = usePasskeySignIn({
    onSignedIn: signedIn,
    onFailed: (err, message) => {
      if (err instanceof ApiRequestError && err.code === AUTH_ERROR_CODES.unverified) {
        navigate('/verification-sent', { state: { reason: 'unverified' } });
        return;
      }
      setErrors({});
      setFormError(message);
      // An unknown passkey's message says to sign in with the address and password: the focus goes there.
      if (err instanceof ApiRequestError && err.code === PASSKEY_ERROR_CODES.unknown)
        form.current?.querySelector<HTMLInputElement>('input[type=email]')?.focus();
    },
  });

  if (loading) return <PageSpinner label="Checking your session…" />;
  const signingIn = signIn.isPending || signIn.isSuccess || passkey.isPending || passkey.isSuccess;
  if (user && !signingIn) return <Navigate to={returnTo} replace />;

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    // The password instead: a passkey request still in the browser's hands is stopped.
    if (passkey.isPending) cancelPasskeyRequest();
    setFormError(null);
    const { code, ...rest } = values;
    if (codeAsked && !code.trim()) return showFieldErrors({ code: TWO_FACTOR_MESSAGES.codeMissing });
    const parsed = signInInputSchema.safeParse(codeAsked ? { ...rest, code } : rest);
    if (!parsed.success) return showFieldErrors(zodFieldErrors(parsed.error));
    setErrors({});
    signIn.mutate(parsed.data);
  };

  return (
    <AuthCard title="Sign in" subtitle="Welcome back to Accountry">
      <form ref={form} onSubmit={onSubmit} noValidate aria-label="Sign in">
        <Stack>
          {params.get('timeout') === 'true' && (
            <Alert color="yellow" icon={<IconClockHour4 size={18} />} title="Session ended" role="status">
              {ACCOUNT_MESSAGES.timedOut}
            </Alert>
          )}
          {params.get('verificationSent') === 'true' && (
            <Alert color="blue" icon={<IconInfoCircle size={18} />} title="Check your inbox" role="status">
              {ACCOUNT_MESSAGES.verificationSent}
            </Alert>
          )}
          {notice.notice && (
            <Alert ref={noticeRef} tabIndex={-1} color="teal" icon={<IconInfoCircle size={18} />} role="status">
              {notice.notice}
            </Alert>
          )}
          {formError && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {formError}
            </Alert>
          )}
          {codeAsked ? (
            <SignInCodeStep
              email={values.email}
              code={values.code}
              error={errors.code}
              recovery={recovery}
              inputRef={codeField}
              onCodeChange={(code) => setValues((v) => ({ ...v, code }))}
              onToggleRecovery={() => {
                setRecovery((r) => !r);
                setValues((v) => ({ ...v, code: '' }));
                setErrors({});
              }}
              onCancel={() => {
                // The step's controls go away: the focus goes to the address, to type another one.
                setTimeout(() => form.current?.querySelector<HTMLInputElement>('input[type=email]')?.focus());
                setCodeAsked(false);
                setRecovery(false);
                setValues((v) => ({ ...v, password: '', code: '' }));
                setErrors({});
              }}
            />
          ) : (
            <>
              <TextInput
                label="Email"
                type="email"
                autoComplete="email"
                required
                value={values.email}
                onChange={(e) => {
                  const email = e.currentTarget.value;
                  setValues((v) => ({ ...v, email }));
                }}
                error={errors.email}
              />
              <PasswordInput
                ref={passwordField}
                label="Password"
                autoComplete="current-password"
                required
                value={values.password}
                onChange={(e) => {
                  const password = e.currentTarget.value;
                  setValues((v) => ({ ...v, password }));
                }}
                error={errors.password}
                // Mantine marks only a TextInput as invalid for assistive technology, not a PasswordInput.
                aria-invalid={!!errors.password || undefined}
              />
              <Group justify="space-between">
                <Checkbox
                  label="Remember me"
                  description="Stay signed in for 5 days on this device"
                  checked={values.remember}
                  onChange={(e) => {
                    const remember = e.currentTarget.checked;
                    setValues((v) => ({ ...v, remember }));
                  }}
                />
                <Anchor component={Link} to="/reset-password" state={{ email: values.email }} size="sm">
                  Forgot your password?
                </Anchor>
              </Group>
            </>
          )}
          <Button type="submit" loading={signIn.isPending} fullWidth>
            Sign in
          </Button>
          {!codeAsked && (
            <PasskeySignInButton
              loading={passkey.isPending}
              failed={passkey.isError}
              onClick={() => {
                setFormError(null);
                setErrors({});
                passkey.mutate(values.remember);
              }}
            />
          )}
          <Text size="sm" ta="center">
            New to Accountry?{' '}
            <Anchor component={Link} to="/signup">
              Create an account
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
