import { Loader, VisuallyHidden, type LoaderProps } from '@mantine/core';

/**
 * A spinner that says what is loading. A Loader is a plain span, which may not carry an aria-label (axe
 * "aria-prohibited-attr"), so a screen reader heard nothing: the words are in a status region instead.
 */
export function LoadingStatus({ label, ...loader }: { label: string } & LoaderProps) {
  return (
    <span role="status" aria-label={label}>
      <Loader {...loader} aria-hidden />
      <VisuallyHidden>{label}</VisuallyHidden>
    </span>
  );
}
