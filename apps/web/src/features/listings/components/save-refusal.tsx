import { useEffect, useRef } from 'react';
import { Alert } from '@mantine/core';

/**
 * Why the server refused a save, beside the form's buttons until the next try (a toast is gone in three seconds, at
 * the top of a long form). It takes the focus: the pressed button was disabled while saving and dropped it.
 */
export function SaveRefusal({ message }: { message: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Alert ref={ref} color="red" role="alert" tabIndex={-1}>
      {message}
    </Alert>
  );
}
