import { Link } from 'react-router';
import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import type { OrderListItem } from '@accountry/shared/order-lists';
import { formatCents } from '@accountry/shared/wallet';
import { ListingThumb } from '../../../components/listings/listing-thumb';
import { OrderStatusBadge } from '../../../components/orders/order-status-badge';
import { orderPagePath } from '../../../components/orders/order-format';
import type { OrderSide } from '../api/orders-api';
import { nextStep } from './order-next-step';
import { formatDateTime } from '../../../lib/format-time';

/** One order in the list: what, with whom, how much, where it stands and what comes next; the title opens it. */
export function OrderListItemCard({ order, side }: { order: OrderListItem; side: OrderSide }) {
  const next = nextStep(order, side);
  return (
    <Card component="li" withBorder padding="sm" radius="md">
      <Group wrap="nowrap" align="flex-start">
        <ListingThumb src={order.thumbUrl} w={80} />
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Anchor component={Link} to={orderPagePath(order.id)} fw={600} lineClamp={2}>
            {order.listingTitle}
          </Anchor>
          <Group gap="xs">
            <OrderStatusBadge status={order.status} onHold={order.onHold} />
            <Text size="sm" fw={700}>
              {formatCents(order.priceCents)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {side === 'purchases' ? `From ${order.sellerName}` : `To ${order.buyerName}`} · ordered{' '}
            {formatDateTime(order.createdAt)}
          </Text>
          {next && (
            <Text size="sm" c={next.yourTurn ? undefined : 'dimmed'}>
              {next.yourTurn && (
                <Text span fw={700}>
                  Your turn:{' '}
                </Text>
              )}
              {next.text}
            </Text>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
