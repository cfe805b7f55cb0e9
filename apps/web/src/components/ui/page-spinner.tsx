import { Center } from '@mantine/core';
import { LoadingStatus } from './loading-status';

/** Shown while the auth state or a lazily loaded page is loading; the label is what a screen reader hears. */
export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center py={80}>
      <LoadingStatus label={label} />
    </Center>
  );
}
