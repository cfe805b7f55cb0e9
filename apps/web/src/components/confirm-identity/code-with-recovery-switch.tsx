import type { RefObject } from 'react';
import { flushSync } from 'react-dom';
import { Anchor } from '@mantine/core';
import { CodeInput } from './code-input';

interface Props {
  inputRef: RefObject<HTMLInputElement | null>;
  recovery: boolean;
  code: string;
  error?: string;
  onCodeChange: (code: string) => void;
  /** Switch to the other kind of code: the caller empties the field and its error. */
  onSwitch: () => void;
}

/** A code from the app, or a recovery code, with the switch between the two; after a switch the focus is in the field. */
export function CodeWithRecoverySwitch({ inputRef, recovery, code, error, onCodeChange, onSwitch }: Props) {
  return (
    <>
      <CodeInput
        ref={inputRef}
        recovery={recovery}
        value={code}
        error={error}
        onChange={(e) => onCodeChange(e.currentTarget.value)}
      />
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={() => {
          // The field is drawn under its new label before the focus arrives.
          flushSync(onSwitch);
          inputRef.current?.focus();
        }}
      >
        {recovery ? 'Use a code from the app instead' : 'Use a recovery code instead'}
      </Anchor>
    </>
  );
}
