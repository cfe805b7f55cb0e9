import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * The account's current password, asked before a change that needs it. Mantine's PasswordInput does not mark itself
 * invalid for assistive technology, so this does whenever an error shows.
 */
export function CurrentPasswordInput(props: Omit<PasswordInputProps, 'label'>) {
  return (
    <PasswordInput
      label="Current password"
      autoComplete="current-password"
      required
      aria-invalid={!!props.error || undefined}
      {...props}
    />
  );
}
