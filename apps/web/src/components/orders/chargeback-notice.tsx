import { Alert, Text } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import type { OrderDetail } from '@accountry/shared/orders';
import { formatCents } from '@accountry/shared/wallet';
import { formatDateTime } from '../../lib/format-time';

/** The card's bank disputes the payment (decision 183): what it means for this order, for whoever reads it. */
export function ChargebackNotice({ order }: { order: OrderDetail }) {
  const c = order.chargeback;
  if (!c) return null;
  const amount = formatCents(c.amountCents);
  const settled = order.status === 'completed';
  const title =
    c.status === 'open'
      ? 'Chargeback under review'
      : `Chargeback decided for the ${c.status === 'won' ? 'seller' : 'buyer'}`;
  return (
    <Alert icon={<IconBuildingBank />} color={c.status === 'won' ? 'teal' : 'orange'} title={title} role="region">
      <Text size="sm">
        The buyer&apos;s bank disputed {amount} of the card payment ({c.reason}) on {formatDateTime(c.openedAt)}.
        {c.closedAt !== null && ` It decided on ${formatDateTime(c.closedAt)}.`}
      </Text>
      {c.held && (
        <Text size="sm" mt={4}>
          The order is on hold until the bank decides: nothing can change and no deadline runs. Accountry answers the
          bank with the order&apos;s records.
        </Text>
      )}
      {c.status === 'lost' && !settled && (
        <Text size="sm" mt={4}>
          The payment went back to the card, so the order is refunded.
        </Text>
      )}
      {order.viewerRole === 'admin' && settled && c.status !== 'won' && (
        <Text size="sm" mt={4}>
          The seller was paid before the chargeback: if the bank takes the money, recover it from the seller&apos;s
          balance with a correction on their user page.
        </Text>
      )}
    </Alert>
  );
}
