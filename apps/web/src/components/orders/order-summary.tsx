import { Link } from 'react-router';
import { Anchor, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { OrderDetail } from '@accountry/shared/orders';
import { listingPath, sellerPath } from '../listings/listing-format';
import { ListingThumb } from '../listings/listing-thumb';
import { OrderStatusBadge } from './order-status-badge';
import { orderSummaryFacts } from './order-summary-facts';

const providerLabel = (provider: string) => (provider === 'stripe' ? 'Stripe' : 'Accountry balance');

/**
 * Where the focus goes once an action on the order took away the button that was used (paid, accepted, disputed,
 * canceled, reviewed): the summary, whose status says what the action did (decision 185).
 */
export const orderSummaryElement = () => document.getElementById('order-summary');

/** The order page's navigation state after buying elsewhere (the listing's Buy now): the summary takes the focus. */
export const ARRIVED_BUYING = { focus: 'order-summary' } as const;

/**
 * The same when paying was refused there: the order page says why beside its Pay button, as after a refusal of its
 * own, and that button takes the focus.
 */
export const arrivedRefused = (message: string) => ({ ...ARRIVED_BUYING, payRefused: message });
export type ArrivedBuying = typeof ARRIVED_BUYING & { payRefused?: string };

/** What was bought, from whom, for how much, and where the order stands. */
export function OrderSummary({ order }: { order: OrderDetail }) {
  // The other party is linked to their profile; the seller reads their own name as plain text, as the buyer does.
  const seller =
    order.viewerRole === 'seller' ? (
      order.sellerName
    ) : (
      <Anchor key="seller" component={Link} to={sellerPath(order.sellerId)}>
        {order.sellerName}
      </Anchor>
    );
  const facts = orderSummaryFacts(order, seller);
  // What support asks for, and what an admin searches the orders by: each on a whole line, so a phone's half of the
  // width does not break it in two.
  const references: Array<[string, string]> = [['Order number', order.id]];
  if (order.paymentRef) references.push([`Payment reference (${providerLabel(order.provider)})`, order.paymentRef]);
  return (
    <Card withBorder component="section" aria-label="Order summary" id="order-summary" tabIndex={-1}>
      <Group wrap="nowrap" align="flex-start">
        <ListingThumb src={order.thumbUrl} w={72} />
        <Stack gap={4} miw={0}>
          {/* Wrapped, never cut: a title may be one long word wider than a phone's card. */}
          <Anchor
            component={Link}
            to={listingPath({ id: order.listingId, sellerId: order.sellerId })}
            fw={600}
            style={{ overflowWrap: 'anywhere' }}
          >
            {order.listingTitle}
          </Anchor>
          <Group gap="xs">
            <OrderStatusBadge status={order.status} onHold={order.chargeback?.held} />
          </Group>
        </Stack>
      </Group>
      <SimpleGrid component="dl" cols={2} spacing="xs" verticalSpacing={6} mt="md" mb={0}>
        {[...facts, ...references].map(([term, value], i) => (
          <div key={term} style={i >= facts.length ? { gridColumn: '1 / -1' } : undefined}>
            <Text component="dt" size="xs" c="dimmed">
              {term}
            </Text>
            <Text component="dd" size="sm" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Card>
  );
}
