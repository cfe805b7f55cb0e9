import { useState } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { moneyText, wholeDigits } from '../lib/number-text';

export { wholeDigits };

/** What a field keeps of the typed text: a count's digits, or a price's dollars and cents (or why it is refused). */
const parse = (mode: 'whole' | 'money', text: string) =>
  mode === 'money' ? moneyText(text) : { value: wholeDigits(text) };

/**
 * A number filter input that reports its value on blur or Enter, not on every keystroke (it drives the URL). `money`
 * takes dollars and cents; the default takes whole numbers. A plain text input keeps NumberInput's weight out of the
 * browse page.
 */
export function CommitNumberInput({
  value,
  onCommit,
  prefix,
  mode = 'whole',
  error,
  ...props
}: Omit<TextInputProps, 'value' | 'onChange' | 'prefix'> & {
  value: string;
  onCommit: (v: string) => void;
  prefix?: string;
  mode?: 'whole' | 'money';
}) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  const [refused, setRefused] = useState<string>();
  if (seen !== value) {
    setSeen(value);
    setDraft(value);
    setRefused(undefined);
  }
  const commit = () => {
    const parsed = parse(mode, draft);
    if ('error' in parsed) return setRefused(parsed.error);
    setRefused(undefined);
    setDraft(parsed.value);
    if (parsed.value !== value) onCommit(parsed.value);
  };
  return (
    <TextInput
      {...props}
      error={refused ?? error}
      inputMode={mode === 'money' ? 'decimal' : 'numeric'}
      autoComplete="off"
      leftSection={prefix}
      value={draft}
      onChange={(e) => setDraft(e.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(e) => e.key === 'Enter' && commit()}
    />
  );
}
