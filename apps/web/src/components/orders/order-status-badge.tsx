import { Badge, Group } from '@mantine/core';
import { ORDER_STATE_LABELS, type OrderState } from '@accountry/shared/order-state';

const COLORS: Record<OrderState, string> = {
  pending_payment: 'yellow',
  paid: 'blue',
  delivered: 'cyan',
  protection: 'indigo',
  disputed: 'red',
  completed: 'green',
  canceled: 'gray',
  expired: 'gray',
  refunded: 'orange',
};

/** The order's state, and "On hold" beside it while a chargeback holds it (decision 183). */
export function OrderStatusBadge({ status, onHold = false }: { status: OrderState; onHold?: boolean }) {
  const badge = (
    <Badge color={COLORS[status]} variant="light">
      {ORDER_STATE_LABELS[status]}
    </Badge>
  );
  if (!onHold) return badge;
  return (
    <Group gap={4} wrap="nowrap">
      {badge}
      <Badge color="orange" variant="outline">
        On hold
      </Badge>
    </Group>
  );
}
