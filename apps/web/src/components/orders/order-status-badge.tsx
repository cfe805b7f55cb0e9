import { Badge } from '@mantine/core';
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

export function OrderStatusBadge({ status }: { status: OrderState }) {
  return (
    <Badge color={COLORS[status]} variant="light">
      {ORDER_STATE_LABELS[status]}
    </Badge>
  );
}
