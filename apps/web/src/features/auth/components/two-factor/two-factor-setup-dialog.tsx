import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { groupedSecret, type TwoFactorSetup } from '@accountry/shared/two-factor';
import { ApiRequestError } from '../../../../lib/api';
import { authApi } from '../../api/auth-api';
import { CurrentPasswordInput } from '../current-password-input';
import { CodeInput } from './code-input';
import { QrCode } from './qr-code';
import { RecoveryCodesPanel } from './recovery-codes-panel';

type Errors = { password?: string; code?: string; _?: string };
const errorsOf = (err: Error): Errors =>
  err instanceof ApiRequestError && (err.fields.password || err.fields.code)
    ? { password: err.fields.password, code: err.fields.code }
    : { _: err.message };

/** Turning two-factor sign-in on: the password, then the key (QR code or typed), a first code, the recovery codes. */
export function TwoFactorSetupDialog({ opened, onClose }: { opened: boolean; onClose: (changed: boolean) => void }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const field = useRef<HTMLInputElement>(null);
  // The password field gives way to the code field: the focus follows.
  useEffect(() => {
    if (setup) field.current?.focus();
  }, [setup]);
  const start = useMutation({
    mutationFn: authApi.startTwoFactor,
    onSuccess: (s) => {
      setSetup(s);
      setErrors({});
    },
    onError: (err) => {
      setErrors(errorsOf(err));
      field.current?.focus();
    },
  });
  const enable = useMutation({
    mutationFn: authApi.enableTwoFactor,
    onSuccess: (r) => setCodes(r.recoveryCodes),
    onError: (err) => {
      setErrors(errorsOf(err));
      field.current?.focus();
      field.current?.select();
    },
  });
  // The key, the codes and the password leave memory with the dialog: its state and the requests' cache.
  const close = () => {
    const changed = codes !== null;
    start.reset();
    enable.reset();
    setPassword('');
    setCode('');
    setSetup(null);
    setCodes(null);
    setErrors({});
    onClose(changed);
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!setup) {
      if (!password) return (setErrors({ password: 'Enter your password to confirm.' }), field.current?.focus());
      return start.mutate(password);
    }
    if (!code.trim()) return (setErrors({ code: 'Enter the code.' }), field.current?.focus());
    enable.mutate(code);
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Turn on two-factor sign-in"
      centered
      // The recovery codes are shown once: a stray click must not close them away.
      closeOnClickOutside={!codes}
      closeOnEscape={!codes}
      withCloseButton={!codes}
    >
      {codes ? (
        <RecoveryCodesPanel codes={codes} onDone={close} />
      ) : (
        <form onSubmit={submit} noValidate aria-label="Turn on two-factor sign-in">
          <Stack>
            {errors._ && (
              <Alert color="red" role="alert">
                {errors._}
              </Alert>
            )}
            {!setup ? (
              <>
                <Text size="sm">Confirm it is you: enter your password.</Text>
                <CurrentPasswordInput
                  data-autofocus
                  ref={field}
                  value={password}
                  error={errors.password}
                  onChange={(e) => setPassword(e.currentTarget.value)}
                />
              </>
            ) : (
              <>
                <Text size="sm">
                  1. Scan this QR code with an authenticator app (such as Google Authenticator, Microsoft Authenticator,
                  1Password or Aegis).
                </Text>
                <Group justify="center">
                  <QrCode value={setup.uri} label="QR code of your authenticator key" />
                </Group>
                <Text size="sm">Can&apos;t scan it? Type this key into the app instead:</Text>
                <Group gap="xs" wrap="nowrap">
                  <Code fz="md" style={{ overflowWrap: 'anywhere' }}>
                    {groupedSecret(setup.secret)}
                  </Code>
                  <CopyButton value={setup.secret}>
                    {({ copied, copy }) => (
                      <Button size="compact-sm" variant="subtle" onClick={copy}>
                        {copied ? 'Copied' : 'Copy key'}
                      </Button>
                    )}
                  </CopyButton>
                </Group>
                <Text size="sm">2. Enter the 6-digit code the app shows.</Text>
                <CodeInput
                  data-autofocus
                  ref={field}
                  value={code}
                  error={errors.code}
                  onChange={(e) => setCode(e.currentTarget.value)}
                />
              </>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={start.isPending || enable.isPending}>
                {setup ? 'Turn on' : 'Continue'}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
