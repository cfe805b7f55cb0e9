import { useEffect, useState } from 'react';
import { Group, Text } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import type { OrderAction } from '@accountry/shared/order-state';
import { countdownTick, formatCountdown } from '../../lib/countdown';
import { DUE_ACTION_LABELS } from './order-format';
import { formatDateTime } from '../../lib/format-time';

/** The lead-in for the order's next timer, as its viewer reads it ("Pay within", "You are paid in"). */
export const dueLabel = (action: OrderAction, viewer: 'buyer' | 'seller' | 'admin') =>
  DUE_ACTION_LABELS[action]?.[viewer] ?? 'Next step in';

/** Time left until a due time, redrawn every second in its last hour; once passed, says when it was due. */
export function OrderCountdown({ dueAt, label, overdue }: { dueAt: number; label: string; overdue?: string }) {
  const [now, setNow] = useState(() => Date.now());
  const left = dueAt - now;
  useEffect(() => {
    const timer = setTimeout(() => setNow(Date.now()), countdownTick(left));
    return () => clearTimeout(timer);
  }, [left]);
  const when = (
    <Text span size="sm" c="dimmed">
      ({formatDateTime(dueAt)})
    </Text>
  );
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <IconClock size={18} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
      {left <= 0 && overdue ? (
        <Text>
          {overdue} {when}
        </Text>
      ) : (
        // role=timer is not announced on every tick; the text is read when reached.
        <Text role="timer">
          {label} <strong>{formatCountdown(left)}</strong> {when}
        </Text>
      )}
    </Group>
  );
}
