import { forwardRef, useState } from 'react';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { SETUP_VALID_MINUTES } from '@accountry/shared/two-factor';
import { ApiRequestError } from '../../../../lib/api';
import { authApi } from '../../api/auth-api';

interface Props {
  value: string;
  error?: string;
  emailedTo: string;
  onChange: (value: string) => void;
  /** The key being set up expired or was replaced: the dialog starts again. */
  onSetupGone: (message: string) => void;
}

/** The code mailed at the set-up (decision 175), and a new one when that mail is late or lost. */
export const SetupEmailCodeField = forwardRef<HTMLInputElement, Props>(function SetupEmailCodeField(
  { value, error, emailedTo, onChange, onSetupGone },
  ref,
) {
  const [notice, setNotice] = useState('');
  const resend = useMutation({
    mutationFn: authApi.resendTwoFactorEmailCode,
    onSuccess: ({ emailedTo: to }) => {
      onChange('');
      setNotice(`We sent a new code to ${to}. The code in the earlier email no longer works.`);
    },
    onError: (err) => {
      if (err instanceof ApiRequestError && err.status === 409) return onSetupGone(err.message);
      setNotice(err.message);
    },
  });
  return (
    <Stack gap={4}>
      <TextInput
        ref={ref}
        label="Code from the email we sent you"
        description={`We sent it to ${emailedTo}. It works for ${SETUP_VALID_MINUTES} minutes.`}
        placeholder="123456"
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={32}
        required
        value={value}
        error={error}
        errorProps={{ role: 'alert' }}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
      <Text size="sm" role="status">
        {resend.isPending ? 'Sending a new code…' : notice}
      </Text>
      {/* Not disabled while sending: a disabled button would drop the keyboard's focus. */}
      <Button
        variant="subtle"
        size="compact-sm"
        style={{ alignSelf: 'flex-start' }}
        onClick={() => !resend.isPending && resend.mutate()}
      >
        Send a new code
      </Button>
    </Stack>
  );
});
