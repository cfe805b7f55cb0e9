import { Badge, VisuallyHidden } from '@mantine/core';

/**
 * A count of what waits for the member (decision 181) or an admin (decision 186) beside a menu item or tab: a badge
 * to see, words to hear.
 */
export function WaitingBadge({ count, words = 'waiting for you' }: { count: number; words?: string }) {
  if (!count) return null;
  return (
    <>
      <Badge size="sm" color="red.9" circle={count < 10} aria-hidden>
        {count > 99 ? '99+' : count}
      </Badge>
      <VisuallyHidden>
        ({count} {words})
      </VisuallyHidden>
    </>
  );
}
