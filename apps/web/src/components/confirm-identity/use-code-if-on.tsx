import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ApiRequestError } from '../../lib/api';
import { CodeWithRecoverySwitch } from './code-with-recovery-switch';
import { TWO_FACTOR_KEY, fetchTwoFactorStatus } from './two-factor-key';

/**
 * The code asked with the password for a change that could take the account, when two-factor sign-in is on
 * (decisions 171 and 172): whether to ask it, its field, and what to send. `active` while the form is in use.
 */
export function useCodeIfOn(active: boolean) {
  const status = useQuery({ queryKey: TWO_FACTOR_KEY, queryFn: fetchTwoFactorStatus, enabled: active });
  // The server asked though the status said off: turned on in another tab meanwhile.
  const [asked, setAsked] = useState(false);
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const on = !!status.data?.enabled || asked;
  return {
    on,
    inputRef,
    /** What goes in the request: the code when one is asked. */
    value: on ? code : undefined,
    /** A refusal's messages by field; one naming the code shows the field from now on. */
    fieldErrors(err: Error): Record<string, string> {
      const fields = err instanceof ApiRequestError ? err.fields : {};
      if (fields.code) setAsked(true);
      return fields;
    },
    /** A spent code cannot be used again. */
    clear: () => setCode(''),
    reset() {
      setCode('');
      setRecovery(false);
      setAsked(false);
    },
    /** The field and its switch to a recovery code; `clearError` drops its message at a switch. */
    field: (error: string | undefined, clearError: () => void) =>
      on && (
        <CodeWithRecoverySwitch
          inputRef={inputRef}
          recovery={recovery}
          code={code}
          error={error}
          onCodeChange={setCode}
          onSwitch={() => {
            setRecovery((r) => !r);
            setCode('');
            clearError();
          }}
        />
      ),
  };
}
