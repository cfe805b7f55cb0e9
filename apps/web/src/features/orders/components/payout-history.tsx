import { useRef, useState } from 'react';
import { Button, Card, Group, Table, Text, type ButtonProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { WALLET_MESSAGES } from '@accountry/shared/wallet-messages';
import { formatCents, type Payout } from '@accountry/shared/wallet';
import { ConfirmDialog, type ConfirmOptions } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../lib/toast';
import { orderKeys, ordersApi } from '../api/orders-api';
import { PayoutReference } from '../../../components/orders/payout-reference';
import { PayoutStatusBadge } from '../../../components/orders/payout-status-badge';
import { formatDateTime } from '../../../lib/format-time';
import { PlainList } from '../../../components/ui/plain-list';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { LoadError } from '../../../components/ui/load-error';

/** Why a payout was rejected, or that an open one waits for the team's review or is being sent. */
function StatusNote({ p }: { p: Payout }) {
  const open = p.sending ? WALLET_MESSAGES.payoutSending : WALLET_MESSAGES.payoutWaiting;
  const note = p.reason || (p.status === 'open' ? open : '');
  if (!note) return null;
  return (
    <Text size="xs" c="dimmed">
      {note}
    </Text>
  );
}

/** An open request's way back until it is being sent; `look` sizes it for the table or for a phone's card. */
function CancelRequest({
  payout: p,
  onCancel,
  ...look
}: { payout: Payout; onCancel: (p: Payout) => void } & ButtonProps) {
  if (p.status !== 'open' || p.sending) return null;
  return (
    <Button
      {...look}
      onClick={() => onCancel(p)}
      aria-label={`Cancel the payout request of ${formatCents(p.amountCents)}`}
    >
      Cancel request
    </Button>
  );
}

/** Asks before taking back a payout request; the amount returns to the available balance. */
function useCancelPayout() {
  const client = useQueryClient();
  const [confirm, setConfirm] = useState<ConfirmOptions | null>(null);
  const ask = (p: Payout) =>
    setConfirm({
      title: 'Cancel this payout request?',
      message: `${formatCents(p.amountCents)} goes back to your available balance. You can ask for a payout again.`,
      confirmLabel: 'Cancel request',
      onConfirm: async () => {
        await ordersApi.cancelPayout(p.id);
        toast.success(WALLET_MESSAGES.payoutCanceled);
        await client.invalidateQueries({ queryKey: orderKeys.all });
      },
      // The button is gone with the request: the focus goes to the list of payouts.
      returnFocusTo: () => document.getElementById('payout-history'),
    });
  return { ask, dialog: <ConfirmDialog options={confirm} onClose={() => setConfirm(null)} /> };
}

/** Payouts requested before payout details existed have no destination. */
const destinationOf = (p: Payout) => p.destination || '—';

/**
 * The member's payouts, newest first, paged by cursor as the balance history is: a table, and on a phone a list that
 * needs no sideways scrolling.
 */
export function PayoutHistory() {
  const query = useInfiniteQuery({
    queryKey: orderKeys.payouts,
    queryFn: ({ pageParam }) => ordersApi.payouts(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const phone = useMediaQuery('(max-width: 36em)');
  const cancel = useCancelPayout();
  const rows = useRef<HTMLTableSectionElement>(null);
  const cards = useRef<HTMLDivElement>(null);
  if (query.isPending)
    return (
      <Text c="dimmed" role="status">
        Loading your payouts…
      </Text>
    );
  if (query.isError)
    return <LoadError title="Your payouts could not be loaded" error={query.error} refetch={query.refetch} />;
  const payouts = query.data.pages.flatMap((p) => p.items);
  if (payouts.length === 0) return <Text c="dimmed">No payouts requested yet.</Text>;
  if (phone)
    return (
      <>
        <PlainList aria-label="Payouts" id="payout-history" tabIndex={-1} ref={cards}>
          {payouts.map((p) => (
            <Card component="li" key={p.id} withBorder padding="xs">
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text fw={700}>{formatCents(p.amountCents)}</Text>
                <PayoutStatusBadge status={p.status} />
              </Group>
              <StatusNote p={p} />
              <Text size="sm">Requested {formatDateTime(p.createdAt)}</Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                To {destinationOf(p)}
              </Text>
              <PayoutReference p={p} />
              {/* Last, a whole button wide enough for a thumb, rather than a link-sized one beside the amount. */}
              <CancelRequest payout={p} onCancel={cancel.ask} variant="default" size="xs" mt="xs" />
            </Card>
          ))}
        </PlainList>
        <LoadMoreButton query={query} list={cards} mt="sm" />
        {cancel.dialog}
      </>
    );
  return (
    <>
      <Table aria-label="Payouts" id="payout-history" tabIndex={-1} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Requested</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>To</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody ref={rows}>
          {payouts.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(p.createdAt)}</Table.Td>
              <Table.Td ta="right">{formatCents(p.amountCents)}</Table.Td>
              <Table.Td>
                <PayoutStatusBadge status={p.status} />
                <StatusNote p={p} />
                <CancelRequest payout={p} onCancel={cancel.ask} variant="subtle" size="compact-xs" display="block" />
              </Table.Td>
              <Table.Td>
                {destinationOf(p)}
                <PayoutReference p={p} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <LoadMoreButton query={query} list={rows} mt="sm" />
      {cancel.dialog}
    </>
  );
}
