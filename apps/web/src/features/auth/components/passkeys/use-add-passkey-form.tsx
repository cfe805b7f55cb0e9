import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Alert, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { PASSKEY_NAME_MAX, passkeyNameSchema } from '@accountry/shared/passkeys';
import { TWO_FACTOR_MESSAGES } from '@accountry/shared/two-factor';
import { CurrentPasswordInput } from '../../../../components/confirm-identity/current-password-input';
import type { useCodeIfOn } from '../../../../components/confirm-identity/use-code-if-on';
import { defaultPasskeyName } from './default-passkey-name';

type Field = 'name' | 'password' | 'code';
export type AddPasskeyErrors = Partial<Record<Field | '_', string>>;

/** The add dialog's fields: a name, the password and, with two-factor sign-in on, the `code`. */
export function useAddPasskeyForm(code: ReturnType<typeof useCodeIfOn>) {
  const [name, setName] = useState(defaultPasskeyName);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<AddPasskeyErrors>({});
  const nameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const input = (field: Field) => ({ name: nameRef, password: passwordRef, code: code.inputRef })[field].current;
  // Drawn before the focus arrives, so the field is read out as invalid with its message; a wrong value is selected.
  const show = (next: AddPasskeyErrors, focus?: Field, clearCode = false) => {
    flushSync(() => {
      setErrors(next);
      if (clearCode) code.clear();
    });
    if (!focus) return;
    input(focus)?.focus();
    input(focus)?.select();
  };
  return {
    show,
    reset() {
      setName(defaultPasskeyName());
      setPassword('');
      code.reset();
      setErrors({});
    },
    /** The values to send, or null (and the focus on the first field to fix) when one is missing or too long. */
    validate() {
      const next: AddPasskeyErrors = {};
      const parsedName = passkeyNameSchema.safeParse(name);
      if (!parsedName.success) next.name = parsedName.error.issues[0].message;
      if (!password) next.password = 'Enter your password to confirm.';
      if (code.on && !code.value?.trim()) next.code = TWO_FACTOR_MESSAGES.codeMissing;
      const first = (['name', 'password', 'code'] as const).find((f) => next[f]);
      if (first || !parsedName.success) {
        show(next, first);
        return null;
      }
      // A new try: the last one's messages go, so this one's are read out even when they are the same.
      flushSync(() => setErrors({}));
      return { name: parsedName.data, password, code: code.value };
    },
    fields: (
      <>
        {errors._ && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errors._}
          </Alert>
        )}
        <TextInput
          ref={nameRef}
          label="Name"
          description="To tell your passkeys apart, such as the device or password manager that keeps it."
          required
          maxLength={PASSKEY_NAME_MAX}
          value={name}
          error={errors.name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <CurrentPasswordInput
          data-autofocus
          ref={passwordRef}
          value={password}
          error={errors.password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        {code.field(errors.code, () => setErrors(({ code: _code, ...rest }) => rest))}
      </>
    ),
  };
}
