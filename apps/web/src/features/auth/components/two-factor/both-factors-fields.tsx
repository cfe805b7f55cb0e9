import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Alert } from '@mantine/core';
import { ApiRequestError } from '../../../../lib/api';
import { CurrentPasswordInput } from '../../../../components/confirm-identity/current-password-input';
import { CodeWithRecoverySwitch } from '../../../../components/confirm-identity/code-with-recovery-switch';

export type BothFactorsErrors = { password?: string; code?: string; _?: string };

/** The password and a code (from the app, or a recovery code), asked before a change to two-factor sign-in itself. */
export function useBothFactors() {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [errors, setErrors] = useState<BothFactorsErrors>({});
  const passwordField = useRef<HTMLInputElement>(null);
  const codeField = useRef<HTMLInputElement>(null);
  // Drawn before the focus arrives, so the field is read out as invalid with its message; a wrong code is selected.
  const show = (next: BothFactorsErrors, field: 'password' | 'code') => {
    flushSync(() => setErrors(next));
    const input = (field === 'password' ? passwordField : codeField).current;
    input?.focus();
    input?.select();
  };
  return {
    values: { password, code },
    reset() {
      setPassword('');
      setCode('');
      setRecovery(false);
      setErrors({});
    },
    /** Checks both are filled in; false (and the focus on the first missing one) when not. */
    validate() {
      const next: BothFactorsErrors = {};
      if (!password) next.password = 'Enter your password to confirm.';
      if (!code.trim()) next.code = 'Enter the code.';
      if (next.password || next.code) show(next, next.password ? 'password' : 'code');
      return !next.password && !next.code;
    },
    /** A refusal: on the field it names, or above the form; the focus goes where the fix is. */
    showError(err: Error) {
      const fields = err instanceof ApiRequestError ? err.fields : {};
      if (fields.password || fields.code)
        show({ password: fields.password, code: fields.code }, fields.password ? 'password' : 'code');
      else show({ _: err.message }, 'password');
    },
    fields: (
      <>
        {errors._ && (
          <Alert color="red" role="alert">
            {errors._}
          </Alert>
        )}
        <CurrentPasswordInput
          data-autofocus
          ref={passwordField}
          value={password}
          error={errors.password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <CodeWithRecoverySwitch
          inputRef={codeField}
          recovery={recovery}
          code={code}
          error={errors.code}
          onCodeChange={setCode}
          onSwitch={() => {
            setRecovery((r) => !r);
            setCode('');
            setErrors(({ code: _code, ...rest }) => rest);
          }}
        />
      </>
    ),
  };
}
