import { Center, Loader } from '@mantine/core';

/** Shown while the auth state or a lazily loaded page is loading. */
export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center py={80} role="status" aria-live="polite">
      <Loader aria-label={label} />
    </Center>
  );
}
