import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Alert, Anchor, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { TWO_FACTOR_MESSAGES, groupedSecret, type TwoFactorSetup } from '@accountry/shared/two-factor';
import { ApiRequestError } from '../../../../lib/api';
import { authApi } from '../../api/auth-api';
import { CurrentPasswordInput } from '../../../../components/confirm-identity/current-password-input';
import { CodeInput } from '../../../../components/confirm-identity/code-input';
import { QrCode } from './qr-code';
import { CodesModal } from './recovery-codes-panel';
import { SetupEmailCodeField } from './setup-email-code-field';
import { DialogForm } from '../../../../components/ui/dialog-form';

type Errors = { password?: string; code?: string; emailCode?: string; _?: string };
const errorsOf = (err: Error): Errors =>
  err instanceof ApiRequestError && (err.fields.password || err.fields.code || err.fields.emailCode)
    ? { password: err.fields.password, code: err.fields.code, emailCode: err.fields.emailCode }
    : { _: err.message };

interface Props {
  opened: boolean;
  onClose: (changed: boolean) => void;
  returnFocusTo?: () => HTMLElement | null | undefined;
}

/**
 * Turning two-factor sign-in on: the password, then the key (QR code or typed), a first code and the code mailed to the
 * account's address (decision 175), then the recovery codes.
 */
export function TwoFactorSetupDialog({ opened, onClose, returnFocusTo }: Props) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [emailCode, setEmailCode] = useState('');
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const field = useRef<HTMLInputElement>(null);
  const emailField = useRef<HTMLInputElement>(null);
  // Drawn before the focus arrives, so the field is read out as invalid with its message.
  const focusField = (next: Partial<{ errors: Errors; setup: TwoFactorSetup | null }>) => {
    flushSync(() => {
      if (next.errors) setErrors(next.errors);
      if (next.setup !== undefined) setSetup(next.setup);
    });
    // The mailed code's field when only it is wrong; else the first field of the step.
    const target = next.errors?.emailCode && !next.errors.code ? emailField.current : field.current;
    target?.focus();
    target?.select();
  };
  // An expired or replaced key: back to the password, to show a new one.
  const setupGone = (message: string) => {
    setCode('');
    setEmailCode('');
    focusField({ setup: null, errors: { _: message } });
  };
  const start = useMutation({
    mutationFn: authApi.startTwoFactor,
    // The password field gives way to the code field: the focus follows.
    onSuccess: (s) => focusField({ setup: s, errors: {} }),
    onError: (err) => focusField({ errors: errorsOf(err) }),
  });
  const enable = useMutation({
    mutationFn: authApi.enableTwoFactor,
    onSuccess: (r) => setCodes(r.recoveryCodes),
    onError: (err) => {
      if (err instanceof ApiRequestError && err.status === 409) return setupGone(err.message);
      focusField({ errors: errorsOf(err) });
    },
  });
  // The key, the codes and the password leave memory with the dialog: its state and the requests' cache.
  const close = () => {
    const changed = codes !== null;
    start.reset();
    enable.reset();
    setPassword('');
    setCode('');
    setEmailCode('');
    setSetup(null);
    setCodes(null);
    setErrors({});
    onClose(changed);
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!setup) {
      if (!password) return focusField({ errors: { password: 'Enter your password to confirm.' } });
      return start.mutate(password);
    }
    // Both fields are checked at once, so a member sees every fix to make before sending.
    const missing = {
      code: code.trim() ? undefined : TWO_FACTOR_MESSAGES.codeMissing,
      emailCode: emailCode.trim() ? undefined : TWO_FACTOR_MESSAGES.emailCodeMissing,
    };
    if (missing.code || missing.emailCode) return focusField({ errors: missing });
    enable.mutate({ code, emailCode });
  };

  return (
    <CodesModal
      opened={opened}
      // Once on, the dialog is about the recovery codes: its title says what happened, its notice what to do.
      title={codes ? 'Two-factor sign-in is on' : 'Turn on two-factor sign-in'}
      description={
        setup
          ? 'Add your Accountry key to an authenticator app (such as Google Authenticator, Microsoft Authenticator, ' +
            '1Password or Aegis): scan this QR code with it, or on this phone open the key in the app.'
          : 'Confirm it is you: enter your password.'
      }
      codes={codes}
      guarded={!!setup}
      onClose={close}
      returnFocusTo={returnFocusTo}
    >
      <DialogForm onSubmit={submit}>
        <Stack>
          {errors._ && (
            <Alert color="red" role="alert">
              {errors._}
            </Alert>
          )}
          {!setup ? (
            <CurrentPasswordInput
              data-autofocus
              ref={field}
              value={password}
              error={errors.password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
          ) : (
            <>
              <Group justify="center">
                <QrCode value={setup.uri} label="QR code of your authenticator key" />
              </Group>
              <Group justify="center">
                <Anchor href={setup.uri} size="sm">
                  Open the key in your authenticator app
                </Anchor>
              </Group>
              <Text size="sm">Or type this key into the app:</Text>
              <Group gap="xs" align="center">
                <Code fz="md" style={{ overflowWrap: 'anywhere', flex: '1 1 12rem', minWidth: 0 }}>
                  {groupedSecret(setup.secret)}
                </Code>
                <CopyButton value={setup.secret}>
                  {({ copied, copy }) => (
                    <Button size="compact-sm" variant="subtle" onClick={copy} style={{ flexShrink: 0 }}>
                      {copied ? 'Copied' : 'Copy key'}
                    </Button>
                  )}
                </CopyButton>
              </Group>
              <CodeInput
                ref={field}
                // A phone offers a code from its mail or messages to the first one-time-code field: that is the other.
                autoComplete="off"
                value={code}
                error={errors.code}
                description="Then enter the 6-digit code the app shows for Accountry."
                onChange={(e) => setCode(e.currentTarget.value)}
              />
              <SetupEmailCodeField
                ref={emailField}
                value={emailCode}
                error={errors.emailCode}
                emailedTo={setup.emailedTo}
                onChange={setEmailCode}
                onSetupGone={setupGone}
              />
            </>
          )}
          <Group justify="flex-end">
            {/* Not while turning on is on its way: its answer holds the recovery codes, shown once. */}
            <Button variant="default" onClick={close} disabled={start.isPending || enable.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={start.isPending || enable.isPending}>
              {setup ? 'Turn on' : 'Continue'}
            </Button>
          </Group>
        </Stack>
      </DialogForm>
    </CodesModal>
  );
}
