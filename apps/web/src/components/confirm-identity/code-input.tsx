import { TextInput, type TextInputProps } from '@mantine/core';

/**
 * The field for a code from the authenticator app, or with `recovery` for a recovery code: a phone offers its number
 * pad for the first and its keyboard for the second.
 */
export function CodeInput({ recovery = false, ...props }: Omit<TextInputProps, 'label'> & { recovery?: boolean }) {
  return (
    <TextInput
      label={recovery ? 'Recovery code' : 'Code from your authenticator app'}
      placeholder={recovery ? 'abcde-fghjk' : '123456'}
      autoComplete="one-time-code"
      inputMode={recovery ? 'text' : 'numeric'}
      autoCapitalize="none"
      spellCheck={false}
      maxLength={32}
      required
      // A wrong code is often typed again in the same field: its message is announced when it appears.
      errorProps={{ role: 'alert' }}
      {...props}
    />
  );
}
