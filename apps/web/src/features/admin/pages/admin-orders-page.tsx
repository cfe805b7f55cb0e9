import { Link } from 'react-router';
import { Anchor, Card, Group, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatPrice } from '@accountry/shared/listing-attributes';
import { DEFAULT_CURRENCY } from '@accountry/shared/listings';
import { ORDER_STATE_LABELS, type OrderState } from '@accountry/shared/order-state';
import { ORDER_STATUS_FILTERS, type OrderListItem } from '@accountry/shared/orders';
import { OrderStatusBadge } from '../../../components/orders/order-status-badge';
import { adminOrderKeys, adminOrdersApi } from '../api/admin-orders-api';
import { useAdminList } from '../api/admin-api';
import { LoadMore, QueryState } from '../components/query-state';
import { SearchInput } from '../components/search-input';
import { formatDateTime } from '../lib/format';
import { compact, useFilterParams } from '../lib/use-filter-params';

const FILTERS = ['q', 'status'] as const;
const price = (o: OrderListItem) => formatPrice(o.priceCents, DEFAULT_CURRENCY);
const statusLabel = (s: string) =>
  s === 'all' ? 'Any status' : s === 'open' ? 'In progress' : ORDER_STATE_LABELS[s as OrderState];

function OrderCard({ order }: { order: OrderListItem }) {
  return (
    <Card withBorder padding="sm" component="li">
      <Anchor component={Link} to={`/admin/orders/${order.id}`} fw={600}>
        {order.listingTitle}
      </Anchor>
      <Group gap="xs" mt={4}>
        <OrderStatusBadge status={order.status} />
        <Text size="sm" fw={600}>
          {price(order)}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {order.buyerName} bought from {order.sellerName} · {formatDateTime(order.createdAt)}
      </Text>
    </Card>
  );
}

/** /admin/orders: every order, open disputes first; search by listing, buyer or seller and filter by status. */
export function Component() {
  const { values, set } = useFilterParams(FILTERS);
  const filters = compact(values);
  const phone = useMediaQuery('(max-width: 48em)');
  const list = useAdminList(adminOrderKeys.orders(filters), (cursor) => adminOrdersApi.orders({ ...filters, cursor }));

  return (
    <Stack>
      <Title order={1}>Orders</Title>
      <Text c="dimmed" size="sm">
        Open disputes come first, then the newest orders.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} role="search" aria-label="Filter orders">
        <SearchInput
          label="Search"
          placeholder="Listing, buyer, seller or order id"
          value={values.q}
          onChange={(v) => set('q', v)}
        />
        <Select
          label="Status"
          data={ORDER_STATUS_FILTERS.map((s) => ({ value: s, label: statusLabel(s) }))}
          value={values.status || 'all'}
          onChange={(v) => set('status', v === 'all' ? null : v)}
          allowDeselect={false}
        />
      </SimpleGrid>
      <QueryState
        loading={list.isPending}
        error={list.error}
        onRetry={() => list.refetch()}
        empty={list.items.length === 0}
        emptyText="No orders match these filters."
        label="Loading orders…"
      >
        {phone ? (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Orders">
            {list.items.map((o) => (
              <OrderCard key={o.id} order={o} />
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table striped highlightOnHover aria-label="Orders">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Listing</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th ta="right">Price</Table.Th>
                  <Table.Th>Buyer</Table.Th>
                  <Table.Th>Seller</Table.Th>
                  <Table.Th>Ordered</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.items.map((o) => (
                  <Table.Tr key={o.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/admin/orders/${o.id}`}>
                        {o.listingTitle}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <OrderStatusBadge status={o.status} />
                    </Table.Td>
                    <Table.Td ta="right">{price(o)}</Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`/admin/users/${o.buyerId}`}>
                        {o.buyerName}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`/admin/users/${o.sellerId}`}>
                        {o.sellerName}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{formatDateTime(o.createdAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <LoadMore
          hasMore={!!list.hasNextPage}
          loading={list.isFetchingNextPage}
          onLoad={() => list.fetchNextPage()}
          count={list.items.length}
        />
      </QueryState>
    </Stack>
  );
}
