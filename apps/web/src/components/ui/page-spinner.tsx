import { Center, Loader, VisuallyHidden } from '@mantine/core';

/** Shown while the auth state or a lazily loaded page is loading; the label is what a screen reader hears. */
export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center py={80} role="status" aria-live="polite" aria-label={label}>
      <Loader aria-hidden />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}
