import { useRef } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Table, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { formatCents, walletEntryLabel } from '@accountry/shared/wallet';
import { orderPagePath } from '../../../components/orders/order-format';
import { orderKeys, ordersApi } from '../api/orders-api';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { formatDateTime } from '../../../lib/format-time';
import { saleSplitText } from './sale-split-text';

const signed = (cents: number) => (cents === 0 ? '—' : `${cents > 0 ? '+' : ''}${formatCents(cents)}`);

/** Every movement of the user's balance, newest first, paged by cursor. */
export function LedgerEntries() {
  const query = useInfiniteQuery({
    queryKey: orderKeys.entries,
    queryFn: ({ pageParam }) => ordersApi.entries(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const rows = useRef<HTMLTableSectionElement>(null);
  if (query.isPending)
    return (
      <Text c="dimmed" role="status">
        Loading the history…
      </Text>
    );
  if (query.isError) return <Alert color="red">{query.error.message}</Alert>;
  if (items.length === 0) return <Text c="dimmed">No balance movements yet.</Text>;
  return (
    <>
      {/* Narrow enough for a phone: the dates wrap, so the amounts stay in view. */}
      <Table.ScrollContainer minWidth={320}>
        <Table aria-label="Balance history" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>What</Table.Th>
              <Table.Th ta="right">Available</Table.Th>
              <Table.Th ta="right">Held</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody ref={rows}>
            {items.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td>{formatDateTime(e.createdAt)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{walletEntryLabel(e)}</Text>
                  {e.orderId && (
                    <Anchor component={Link} to={orderPagePath(e.orderId)} size="xs" display="block">
                      {e.listingTitle ?? 'View order'}
                    </Anchor>
                  )}
                  {e.sale && (
                    <Text size="xs" c="dimmed">
                      {saleSplitText(e.sale)}
                    </Text>
                  )}
                  {e.memo && (
                    <Text size="xs" c="dimmed">
                      {e.memo}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right" c={e.availableCents < 0 ? 'red.9' : e.availableCents > 0 ? 'teal.9' : undefined}>
                  {signed(e.availableCents)}
                </Table.Td>
                <Table.Td ta="right">{signed(e.heldCents)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <LoadMoreButton query={query} list={rows} mt="sm" />
    </>
  );
}
