import { Badge, VisuallyHidden } from '@mantine/core';

/** A count of what waits for the member (decision 181) beside a menu item or tab: a badge to see, words to hear. */
export function WaitingBadge({ count }: { count: number }) {
  if (!count) return null;
  return (
    <>
      <Badge size="sm" color="red.9" circle={count < 10} aria-hidden>
        {count > 99 ? '99+' : count}
      </Badge>
      <VisuallyHidden>({count} waiting for you)</VisuallyHidden>
    </>
  );
}
