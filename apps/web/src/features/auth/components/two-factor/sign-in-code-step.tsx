import type { Ref } from 'react';
import { Alert, Anchor, Group, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { TWO_FACTOR_MESSAGES } from '@accountry/shared/two-factor';
import { CodeInput } from '../../../../components/confirm-identity/code-input';
import { EmailAddress } from '../email-address';

interface Props {
  email: string;
  code: string;
  error?: string;
  recovery: boolean;
  inputRef: Ref<HTMLInputElement>;
  onCodeChange: (code: string) => void;
  onToggleRecovery: () => void;
  onCancel: () => void;
}

/** The sign-in form's second step when the account has two-factor sign-in on: only the code is asked for. */
export function SignInCodeStep({ email, code, error, recovery, inputRef, ...on }: Props) {
  return (
    <>
      <Alert color="blue" icon={<IconShieldLock size={18} />} title="Two-factor sign-in" role="status">
        {recovery
          ? 'Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each works once.'
          : TWO_FACTOR_MESSAGES.codeRequired}
      </Alert>
      <Text size="sm">
        Signing in as <EmailAddress email={email} />
      </Text>
      <CodeInput
        ref={inputRef}
        recovery={recovery}
        value={code}
        error={error}
        onChange={(e) => on.onCodeChange(e.currentTarget.value)}
      />
      <Group justify="space-between">
        <Anchor component="button" type="button" size="sm" onClick={on.onToggleRecovery}>
          {recovery ? 'Use a code from the app instead' : 'Lost your phone? Use a recovery code'}
        </Anchor>
        <Anchor component="button" type="button" size="sm" onClick={on.onCancel}>
          Use a different account
        </Anchor>
      </Group>
    </>
  );
}
