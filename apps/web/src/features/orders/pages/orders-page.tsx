import { Link, useSearchParams } from 'react-router';
import { Button, Container, EmptyState, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ORDER_STATE_LABELS, type OrderState } from '@accountry/shared/order-state';
import { MY_ORDER_FILTERS, ORDER_SIDES, type OrderStatusFilter } from '@accountry/shared/order-lists';
import { orderKeys, ordersApi, type OrderSide } from '../api/orders-api';
import { OrderListItemCard } from '../components/order-list-item';
import { PagedList } from '../components/paged-list';
import { useSession } from '../../../lib/session';
import { useWaitingCounts } from '../../../components/orders/waiting';
import { WaitingBadge } from '../../../components/orders/waiting-badge';

const SIDE_LABELS: Record<OrderSide, string> = { purchases: 'Purchases', sales: 'Sales' };
const FILTER_LABELS: Partial<Record<OrderStatusFilter, string>> = {
  all: 'All orders',
  waiting: 'Waiting for you',
  open: 'In progress',
};
const statusLabel = (s: OrderStatusFilter) => FILTER_LABELS[s] ?? ORDER_STATE_LABELS[s as OrderState];
/** What a side's orders wait for, in the words of the empty "Waiting for you" list. */
const NOTHING_WAITING: Record<OrderSide, string> = {
  purchases: 'No purchase waits for you to pay it or check the account.',
  sales: 'No sale waits for you to deliver its credentials.',
};

/** /orders: what you bought and what you sold, by status, newest first. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const { user } = useSession();
  // A seller's account opens on what it sold; every other member's on what they bought.
  const defaultSide: OrderSide = user?.role === 'seller' ? 'sales' : 'purchases';
  const asked = params.get('side');
  const side: OrderSide = asked === 'sales' || asked === 'purchases' ? asked : defaultSide;
  const raw = params.get('status') ?? 'all';
  const status = (MY_ORDER_FILTERS as readonly string[]).includes(raw) ? (raw as OrderStatusFilter) : 'all';
  const { data: waiting } = useWaitingCounts();
  const set = (next: { side?: string; status?: string }) => {
    const merged = { side, status, ...next };
    const q = new URLSearchParams();
    if (merged.side !== defaultSide) q.set('side', merged.side);
    if (merged.status !== 'all') q.set('status', merged.status);
    // A tab or filter changes the list below it: the scroll position stays (ScrollRestoration in layout).
    setParams(q, { replace: true, preventScrollReset: true });
  };
  const query = useInfiniteQuery({
    queryKey: orderKeys.list(side, status),
    queryFn: ({ pageParam }) => ordersApi.list(side, status, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>Orders</Title>
          <Text c="dimmed">The accounts you bought and sold, and what happens next with each.</Text>
        </div>
        <Tabs value={side} onChange={(v) => v && set({ side: v })}>
          <Tabs.List>
            {ORDER_SIDES.map((s) => (
              <Tabs.Tab key={s} value={s} rightSection={<WaitingBadge count={waiting?.[s] ?? 0} />}>
                {SIDE_LABELS[s]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <Select
          label="Status"
          data={MY_ORDER_FILTERS.map((s) => ({ value: s, label: statusLabel(s) }))}
          value={status}
          onChange={(v) => set({ status: v ?? 'all' })}
          allowDeselect={false}
          maw={260}
        />
        <PagedList
          query={query}
          label={SIDE_LABELS[side]}
          loading="Loading your orders…"
          failed="Your orders could not be loaded"
          empty={
            <EmptyState
              icon={<IconReceipt />}
              title={
                status === 'all'
                  ? `No ${SIDE_LABELS[side].toLowerCase()} yet`
                  : status === 'waiting'
                    ? 'Nothing waits for you here'
                    : 'No orders with this status'
              }
              description={
                status === 'waiting'
                  ? NOTHING_WAITING[side]
                  : status !== 'all'
                    ? 'Try another status.'
                    : side === 'purchases'
                      ? 'When you buy an account, its order appears here.'
                      : 'When someone buys one of your accounts, the order appears here.'
              }
            >
              {status === 'all' && side === 'purchases' && (
                <Button component={Link} to="/browse">
                  Browse accounts
                </Button>
              )}
            </EmptyState>
          }
        >
          {(o) => <OrderListItemCard key={o.id} order={o} side={side} />}
        </PagedList>
      </Stack>
    </Container>
  );
}
