import { Badge, VisuallyHidden, type BadgeProps } from '@mantine/core';

/** The count alone, to see: whatever carries it says it in words. */
export function WaitingCount({ count, ...props }: { count: number } & Omit<BadgeProps, 'children'>) {
  return (
    <Badge size="sm" color="red.9" circle={count < 10} aria-hidden {...props}>
      {count > 99 ? '99+' : count}
    </Badge>
  );
}

/**
 * A count of what waits for the member (decision 181) or an admin (decision 186) beside a menu item or tab: a badge
 * to see, words to hear.
 */
export function WaitingBadge({ count, words = 'waiting for you' }: { count: number; words?: string }) {
  if (!count) return null;
  return (
    <>
      <WaitingCount count={count} />
      <VisuallyHidden>
        ({count} {words})
      </VisuallyHidden>
    </>
  );
}
