import { Link } from 'react-router';
import { Anchor, Badge, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { ORDER_STATE_LABELS, type OrderState } from '@accountry/shared/order-state';
import { ADMIN_ORDER_FILTERS, type AdminOrderListItem } from '@accountry/shared/order-lists';
import { formatCents } from '@accountry/shared/wallet';
import { OrderStatusBadge } from '../../../components/orders/order-status-badge';
import { adminOrderKeys, adminOrdersApi } from '../api/admin-orders-api';
import { useAdminList } from '../api/admin-api';
import { AdminListTable, type AdminColumn } from '../components/admin-list-table';
import { SearchInput } from '../components/search-input';
import { compact, useFilterParams } from '../lib/use-filter-params';
import { formatDateTime } from '../../../lib/format-time';

const FILTERS = ['q', 'status'] as const;
const price = (o: AdminOrderListItem) => formatCents(o.priceCents);
const FILTER_LABELS: Partial<Record<string, string>> = {
  all: 'Any status',
  open: 'In progress',
  chargeback: 'Chargebacks',
  chargeback_to_recover: 'Chargebacks to recover',
  refund_refused: 'Refunds refused by Stripe',
  refunded_payment_dispute: 'Disputed refunded payments',
};
const statusLabel = (s: string) => FILTER_LABELS[s] ?? ORDER_STATE_LABELS[s as OrderState];

/** What is left to recover of the order's lost chargeback (decision 183), so the list says why it waits. */
function ToRecoverBadge({ order }: { order: AdminOrderListItem }) {
  if (order.chargebackToRecoverCents === null) return null;
  return (
    <Badge color="red" variant="outline">
      Chargeback: {formatCents(order.chargebackToRecoverCents)} to recover
    </Badge>
  );
}

/** A card refund Stripe refused (decision 095): the buyer waits for it until an admin settles it on the order. */
function RefusedRefundBadge({ order }: { order: AdminOrderListItem }) {
  if (order.refusedRefund === null) return null;
  return (
    <Badge color="red" variant="outline">
      Refund refused: {formatCents(order.refusedRefund.amountCents)}
    </Badge>
  );
}

/** Stripe's words for the refusal, under the badges. */
function RefusedRefundReason({ order }: { order: AdminOrderListItem }) {
  if (!order.refusedRefund?.stripeError) return null;
  return (
    <Text size="xs" c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
      Stripe: {order.refusedRefund.stripeError}
    </Text>
  );
}

/** The order's state, on hold or not, what is left to recover of its chargeback, and a refund Stripe refused. */
function StatusBadges({ order }: { order: AdminOrderListItem }) {
  return (
    <>
      <OrderStatusBadge status={order.status} onHold={order.onHold} />
      <ToRecoverBadge order={order} />
      <RefusedRefundBadge order={order} />
    </>
  );
}

function OrderCard({ order }: { order: AdminOrderListItem }) {
  return (
    <Card withBorder padding="sm">
      <Anchor component={Link} to={`/admin/orders/${order.id}`} fw={600}>
        {order.listingTitle}
      </Anchor>
      <Group gap="xs" mt={4}>
        <StatusBadges order={order} />
        <Text size="sm" fw={600}>
          {price(order)}
        </Text>
      </Group>
      <RefusedRefundReason order={order} />
      <Text size="xs" c="dimmed" mt={4}>
        {order.buyerName} bought from {order.sellerName} · {formatDateTime(order.createdAt)}
      </Text>
    </Card>
  );
}

const COLUMNS: AdminColumn<AdminOrderListItem>[] = [
  {
    header: 'Listing',
    cell: (o) => (
      <Anchor component={Link} to={`/admin/orders/${o.id}`}>
        {o.listingTitle}
      </Anchor>
    ),
  },
  {
    header: 'Status',
    cell: (o) => (
      <>
        <Group gap={4}>
          <StatusBadges order={o} />
        </Group>
        <RefusedRefundReason order={o} />
      </>
    ),
  },
  { header: 'Price', cell: price, align: 'right' },
  {
    header: 'Buyer',
    cell: (o) => (
      <Anchor component={Link} to={`/admin/users/${o.buyerId}`}>
        {o.buyerName}
      </Anchor>
    ),
  },
  {
    header: 'Seller',
    cell: (o) => (
      <Anchor component={Link} to={`/admin/users/${o.sellerId}`}>
        {o.sellerName}
      </Anchor>
    ),
  },
  { header: 'Ordered', cell: (o) => formatDateTime(o.createdAt) },
];

/** /admin/orders: every order, open disputes first; search by listing, buyer or seller and filter by status. */
export function Component() {
  const { values, set } = useFilterParams(FILTERS);
  const filters = compact(values);
  const list = useAdminList(adminOrderKeys.orders(filters), (cursor) => adminOrdersApi.orders({ ...filters, cursor }));

  return (
    <Stack>
      <Title order={1}>Orders</Title>
      <Text c="dimmed" size="sm">
        Open disputes come first, then the newest orders.
      </Text>
      <AdminListTable
        label="Orders"
        list={list}
        rowKey={(o) => o.id}
        columns={COLUMNS}
        card={(o) => <OrderCard order={o} />}
        emptyText={
          values.status === 'refund_refused'
            ? 'No card refund waits: Stripe took every refund, or an admin settled it.'
            : 'No orders match these filters.'
        }
        loadingLabel="Loading orders…"
        filters={
          <>
            <SearchInput
              label="Search"
              placeholder="Listing, buyer, seller or order id"
              value={values.q}
              onChange={(v) => set('q', v)}
            />
            <Select
              label="Status"
              data={ADMIN_ORDER_FILTERS.map((s) => ({ value: s, label: statusLabel(s) }))}
              value={values.status || 'all'}
              onChange={(v) => set('status', v === 'all' ? null : v)}
              allowDeselect={false}
            />
          </>
        }
      />
    </Stack>
  );
}
