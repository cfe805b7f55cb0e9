import { Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatCents, type Payout } from '@accountry/shared/wallet';

import { PayoutStatusBadge } from '../../../components/orders/payout-status-badge';
import { formatDateTime } from '../../../lib/format-time';

function Status({ p }: { p: Payout }) {
  return (
    <>
      <PayoutStatusBadge status={p.status} />
      {p.reason && (
        <Text size="xs" c="dimmed">
          {p.reason}
        </Text>
      )}
    </>
  );
}

/** Payouts requested before payout details existed have no destination. */
const destinationOf = (p: Payout) => p.destination || '—';

/** The member's payouts, newest first: a table, and on a phone a list that needs no sideways scrolling. */
export function PayoutHistory({ payouts }: { payouts: Payout[] }) {
  const phone = useMediaQuery('(max-width: 36em)');
  if (payouts.length === 0) return <Text c="dimmed">No payouts requested yet.</Text>;
  if (phone)
    return (
      // role="list": Safari drops a list's role when its bullets are hidden.
      <Stack component="ul" role="list" aria-label="Payouts" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {payouts.map((p) => (
          <Card component="li" key={p.id} withBorder padding="xs">
            <Group justify="space-between" gap="xs">
              <Text fw={700}>{formatCents(p.amountCents)}</Text>
              <div>
                <Status p={p} />
              </div>
            </Group>
            <Text size="sm">Requested {formatDateTime(p.createdAt)}</Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              To {destinationOf(p)}
            </Text>
          </Card>
        ))}
      </Stack>
    );
  return (
    <Table aria-label="Payouts" verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Requested</Table.Th>
          <Table.Th ta="right">Amount</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>To</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {payouts.map((p) => (
          <Table.Tr key={p.id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(p.createdAt)}</Table.Td>
            <Table.Td ta="right">{formatCents(p.amountCents)}</Table.Td>
            <Table.Td>
              <Status p={p} />
            </Table.Td>
            <Table.Td>{destinationOf(p)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
