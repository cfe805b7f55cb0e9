import { useState } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';

/** What a whole-number field keeps of the typed text: its digits, without leading zeros, at most 10 of them. */
export const wholeDigits = (text: string) =>
  text
    .replace(/[^\d]/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, 10);

/**
 * A whole-number filter input that reports its value on blur or Enter, not on every keystroke (it drives the URL).
 * A plain text input with a numeric keyboard keeps NumberInput's weight out of the browse page.
 */
export function CommitNumberInput({
  value,
  onCommit,
  prefix,
  ...props
}: Omit<TextInputProps, 'value' | 'onChange' | 'prefix'> & {
  value: string;
  onCommit: (v: string) => void;
  prefix?: string;
}) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setDraft(value);
  }
  const commit = () => {
    const digits = wholeDigits(draft);
    setDraft(digits);
    if (digits !== value) onCommit(digits);
  };
  return (
    <TextInput
      {...props}
      inputMode="numeric"
      autoComplete="off"
      leftSection={prefix}
      value={draft}
      onChange={(e) => setDraft(e.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(e) => e.key === 'Enter' && commit()}
    />
  );
}
