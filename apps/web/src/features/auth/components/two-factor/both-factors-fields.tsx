import { useRef, useState } from 'react';
import { Anchor } from '@mantine/core';
import { ApiRequestError } from '../../../../lib/api';
import { CurrentPasswordInput } from '../current-password-input';
import { CodeInput } from './code-input';

export type BothFactorsErrors = { password?: string; code?: string; _?: string };

/** The password and a code (from the app, or a recovery code), asked before a change to two-factor sign-in itself. */
export function useBothFactors() {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [errors, setErrors] = useState<BothFactorsErrors>({});
  const passwordField = useRef<HTMLInputElement>(null);
  const codeField = useRef<HTMLInputElement>(null);
  return {
    values: { password, code },
    errors,
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
      setErrors(next);
      (next.password ? passwordField : codeField).current?.focus();
      return !next.password && !next.code;
    },
    /** A refusal: on the field it names, or above the form; the focus goes where the fix is. */
    showError(err: Error) {
      const fields = err instanceof ApiRequestError ? err.fields : {};
      setErrors(fields.password || fields.code ? { password: fields.password, code: fields.code } : { _: err.message });
      (fields.password || !fields.code ? passwordField : codeField).current?.focus();
    },
    fields: (
      <>
        <CurrentPasswordInput
          data-autofocus
          ref={passwordField}
          value={password}
          error={errors.password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <CodeInput
          ref={codeField}
          recovery={recovery}
          value={code}
          error={errors.code}
          onChange={(e) => setCode(e.currentTarget.value)}
        />
        <Anchor component="button" type="button" size="sm" onClick={() => setRecovery((r) => !r)}>
          {recovery ? 'Use a code from the app instead' : 'Use a recovery code instead'}
        </Anchor>
      </>
    ),
  };
}
