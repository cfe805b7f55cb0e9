import { useRef } from 'react';
import { Link } from 'react-router';
import { useMediaQuery } from '@mantine/hooks';
import { Anchor, Box, Card, Group, SegmentedControl, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { PAYOUT_STATUSES, PAYOUT_STATUS_LABELS, formatCents, type Payout } from '@accountry/shared/wallet';
import { PayoutReference } from '../../../components/orders/payout-reference';
import { PayoutStatusBadge } from '../../../components/orders/payout-status-badge';
import { adminOrderKeys, adminOrdersApi } from '../api/admin-orders-api';
import { useAdminList } from '../api/admin-api';
import { AdminListTable, type AdminColumn } from '../components/admin-list-table';
import { PayoutActions, usePayoutAsks, type PayoutAsks } from '../components/payout-actions';
import { PayoutAtStake } from '../components/payout-at-stake';
import { PayoutDestination } from '../components/payout-destination';
import { useFilterParams } from '../lib/use-filter-params';
import { formatDateTime } from '../../../lib/format-time';

function Seller({ p }: { p: Payout }) {
  return (
    <Anchor component={Link} to={`/admin/users/${p.userId}`}>
      {p.userName}
    </Anchor>
  );
}

function PayoutCard({ p, asks }: { p: Payout; asks: PayoutAsks }) {
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div>
          <Group gap="xs">
            <Text fw={700}>{formatCents(p.amountCents)}</Text>
            <PayoutStatusBadge status={p.status} />
          </Group>
          <Text size="sm">
            <Seller p={p} /> · requested {formatDateTime(p.createdAt)}
            {p.decidedAt ? ` · decided ${formatDateTime(p.decidedAt)}` : ''}
          </Text>
          {p.reason && (
            <Text size="sm" c="dimmed">
              {p.reason}
            </Text>
          )}
          <Box mt={4}>
            <PayoutDestination p={p} />
            <PayoutReference p={p} />
            <PayoutAtStake p={p} />
          </Box>
        </div>
        <PayoutActions p={p} asks={asks} />
      </Group>
    </Card>
  );
}

function columns(asks: PayoutAsks): AdminColumn<Payout>[] {
  return [
    { header: 'Amount', cell: (p) => <Text fw={700}>{formatCents(p.amountCents)}</Text>, align: 'right' },
    { header: 'Status', cell: (p) => <PayoutStatusBadge status={p.status} />, nowrap: true },
    { header: 'Seller', cell: (p) => <Seller p={p} /> },
    {
      header: 'To',
      cell: (p) => (
        <>
          <PayoutDestination p={p} />
          <PayoutReference p={p} />
          <PayoutAtStake p={p} />
        </>
      ),
    },
    { header: 'Requested', cell: (p) => formatDateTime(p.createdAt), nowrap: true },
    { header: 'Decided', cell: (p) => (p.decidedAt ? formatDateTime(p.decidedAt) : ''), nowrap: true },
    {
      header: 'Reason',
      cell: (p) => (
        <Text size="sm" c="dimmed">
          {p.reason}
        </Text>
      ),
    },
    {
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      cell: (p) => <PayoutActions p={p} asks={asks} />,
    },
  ];
}

/**
 * /admin/payouts: sellers' withdrawal requests; send the money, then mark it paid, or reject with a reason; correct a
 * paid one's transfer reference.
 */
export function Component() {
  const { values, set } = useFilterParams(['status'] as const);
  const status = (PAYOUT_STATUSES as readonly string[]).includes(values.status) ? values.status : 'open';
  const list = useAdminList(adminOrderKeys.payouts({ status }), (cursor) => adminOrdersApi.payouts({ status, cursor }));
  // A decided payout leaves the list with its buttons: the focus goes to the page's heading instead of being lost.
  const heading = useRef<HTMLHeadingElement>(null);
  const { asks, dialog } = usePayoutAsks(() => heading.current);
  // The four statuses at their usual size are wider than a 360-pixel phone; smaller, they fit (still 24 px to tap).
  const phone = useMediaQuery('(max-width: 36em)');

  return (
    <Stack>
      <Title order={1} ref={heading} tabIndex={-1}>
        Payouts
      </Title>
      <SegmentedControl
        aria-label="Status"
        value={status}
        onChange={(v) => set('status', v === 'open' ? null : v)}
        data={PAYOUT_STATUSES.map((s) => ({ value: s, label: PAYOUT_STATUS_LABELS[s] }))}
        size={phone ? 'xs' : 'sm'}
        style={{ alignSelf: 'flex-start' }}
      />
      <AdminListTable
        label="Payouts"
        list={list}
        rowKey={(p) => p.id}
        columns={columns(asks)}
        card={(p) => <PayoutCard p={p} asks={asks} />}
        emptyText={status === 'open' ? 'No payouts waiting.' : 'No payouts here.'}
        loadingLabel="Loading payouts…"
        minWidth={1100}
        estimateRowHeight={53}
      />
      {dialog}
    </Stack>
  );
}
