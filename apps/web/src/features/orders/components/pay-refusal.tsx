import { Link } from 'react-router';
import { Alert, Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ORDER_MESSAGES } from '@accountry/shared/order-messages';
import type { OrderDetail } from '@accountry/shared/orders';
import { formatCents } from '@accountry/shared/wallet';
import { orderKeys, ordersApi } from '../api/orders-api';

/**
 * Why paying was refused, beside the Pay button until the next try (a toast is gone in three seconds and a second one
 * stacks over the page); for a balance too low, what it holds against the price, and the way to the wallet. `answer`:
 * it answers a press (an alert); otherwise the page says ahead what a press would meet, which it does not shout.
 */
export function PayRefusal({ message, order, answer }: { message: string; order: OrderDetail; answer: boolean }) {
  const short = message === ORDER_MESSAGES.insufficientBalance;
  const wallet = useQuery({ queryKey: orderKeys.wallet, queryFn: ordersApi.wallet, enabled: short });
  return (
    <Alert color="red" role={answer ? 'alert' : 'status'}>
      <Text size="sm">{message}</Text>
      {short && (
        <Text size="sm">
          {wallet.data &&
            `You have ${formatCents(wallet.data.availableCents)} available; this order costs ${formatCents(order.priceCents)}. `}
          <Anchor component={Link} to="/wallet" inherit>
            Your wallet
          </Anchor>
        </Text>
      )}
    </Alert>
  );
}
