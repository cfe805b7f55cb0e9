import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconClock } from '@tabler/icons-react';
import type { OrderDetail } from '@accountry/shared/orders';
import { formatDateTime } from '../../../lib/format-time';
import { PAYMENT_WINDOW_TEXT as T, minutesLeftText, nextPaymentRedrawMs, paymentStage } from './payment-window-text';
import { TOP_UP_ID } from './top-up-card';

/** Where the wallet explains how money gets onto the balance. */
const TOP_UP_PATH = `/wallet#${TOP_UP_ID}`;

/**
 * Beside Pay, for the buyer of an unpaid order: until when the listing is theirs, what happens after, and for a
 * payment from the balance, the way to top it up. Redrawn when the whole minutes change; nearly over is said in words
 * with an icon, not by colour alone, and a screen reader hears each stage once from a live region, not every redraw.
 */
export function PaymentWindow({ order }: { order: OrderDetail }) {
  const [now, setNow] = useState(() => Date.now());
  const dueAt = order.dueAt;
  const left = dueAt === null ? null : dueAt - now;
  useEffect(() => {
    const wait = left === null ? null : nextPaymentRedrawMs(left);
    if (wait === null) return;
    const timer = setTimeout(() => setNow(Date.now()), wait);
    return () => clearTimeout(timer);
  }, [left]);
  const stage = left === null ? 'open' : paymentStage(left);
  const StageIcon = stage === 'open' ? IconClock : IconAlertTriangle;
  return (
    <Stack gap={4}>
      {dueAt === null || left === null ? (
        <Text size="sm">The listing is reserved for you while you pay.</Text>
      ) : (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <StageIcon size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          {stage === 'closed' ? (
            <Text size="sm" fw={700}>
              {T.closed}
            </Text>
          ) : (
            <Text size="sm">
              {stage === 'closing' && <strong>{T.closing} </strong>}
              {T.reserved(formatDateTime(dueAt), minutesLeftText(left))} {T.runsOut}
            </Text>
          )}
        </Group>
      )}
      {order.provider === 'balance' && (
        <Text size="sm">
          {T.fromBalance}{' '}
          <Anchor component={Link} to={TOP_UP_PATH} inherit>
            {T.topUp}
          </Anchor>
        </Text>
      )}
      <VisuallyHidden role="status">{T.announced[stage]}</VisuallyHidden>
    </Stack>
  );
}
