import { useRef } from 'react';
import { Link } from 'react-router';
import { Anchor, Card, Group, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { formatCents, type WalletEntry } from '@accountry/shared/wallet';
import { walletEntryLabel, walletEntryMovement } from '@accountry/shared/wallet-entry-text';
import { orderPagePath } from '../../../components/orders/order-format';
import { usePlatformFee } from '../../../components/orders/fees';
import { orderKeys, ordersApi } from '../api/orders-api';
import { LoadError } from '../../../components/ui/load-error';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { formatDateTime } from '../../../lib/format-time';
import { saleSplitText } from './sale-split-text';
import { PlainList } from '../../../components/ui/plain-list';

const signed = (cents: number) => (cents === 0 ? '—' : `${cents > 0 ? '+' : ''}${formatCents(cents)}`);
const amountColor = (cents: number) => (cents < 0 ? 'red.9' : cents > 0 ? 'teal.9' : undefined);
// A date or an amount broken over two lines reads as two values.
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** What a line did to the money, in words, then the order's listing, how a sale was split and any memo. */
function EntryDetails({ e, feePercent }: { e: WalletEntry; feePercent: number | undefined }) {
  return (
    <>
      <Text size="sm">{walletEntryMovement(e)}</Text>
      {e.orderId && (
        <Anchor component={Link} to={orderPagePath(e.orderId)} size="xs" display="flex" className="tap-height">
          {e.listingTitle ?? 'View order'}
        </Anchor>
      )}
      {e.sale && (
        <Text size="xs" c="dimmed">
          {saleSplitText(e.sale, feePercent)}
        </Text>
      )}
      {e.memo && (
        <Text size="xs" c="dimmed">
          {e.memo}
        </Text>
      )}
    </>
  );
}

/**
 * Every movement of the user's balance, newest first, paged by cursor: a table with the signed amounts per balance,
 * and on a phone a list of cards; each line says in words where its money went (decision 201).
 */
export function LedgerEntries() {
  const query = useInfiniteQuery({
    queryKey: orderKeys.entries,
    queryFn: ({ pageParam }) => ordersApi.entries(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  // Below Mantine's `sm` breakpoint four columns leave the label a word a line.
  const phone = useMediaQuery('(max-width: 47.99em)');
  const feePercent = usePlatformFee();
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const rows = useRef<HTMLTableSectionElement>(null);
  const cards = useRef<HTMLDivElement>(null);
  if (query.isPending)
    return (
      <Text c="dimmed" role="status">
        Loading the history…
      </Text>
    );
  if (query.isError)
    return <LoadError title="Your balance history could not be loaded" error={query.error} refetch={query.refetch} />;
  if (items.length === 0) return <Text c="dimmed">No balance movements yet.</Text>;
  if (phone)
    return (
      <>
        <PlainList aria-label="Balance history" ref={cards}>
          {items.map((e) => (
            <Card component="li" key={e.id} withBorder padding="xs">
              <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
                <Text fw={700}>{walletEntryLabel(e)}</Text>
                <Text size="sm" c="dimmed" ta="right">
                  {formatDateTime(e.createdAt)}
                </Text>
              </Group>
              <EntryDetails e={e} feePercent={feePercent} />
            </Card>
          ))}
        </PlainList>
        <LoadMoreButton query={query} list={cards} mt="sm" />
      </>
    );
  return (
    <>
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
                <Table.Td style={NO_WRAP}>{formatDateTime(e.createdAt)}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {walletEntryLabel(e)}
                  </Text>
                  <EntryDetails e={e} feePercent={feePercent} />
                </Table.Td>
                <Table.Td ta="right" c={amountColor(e.availableCents)} style={NO_WRAP}>
                  {signed(e.availableCents)}
                </Table.Td>
                <Table.Td ta="right" style={NO_WRAP}>
                  {signed(e.heldCents)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <LoadMoreButton query={query} list={rows} mt="sm" />
    </>
  );
}
