import { useRef } from 'react';
import { Link } from 'react-router';
import { Anchor, Box, Button, Card, Group, SegmentedControl, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { isSelfAction } from '@accountry/shared/admin-rules';
import { WALLET_MESSAGES } from '@accountry/shared/order-messages';
import {
  PAYOUT_STATUSES,
  PAYOUT_STATUS_LABELS,
  formatCents,
  PAYOUT_REFERENCE_MAX,
  payoutPaidSchema,
  type Payout,
} from '@accountry/shared/wallet';
import { PayoutReference } from '../../../components/orders/payout-reference';
import { PayoutStatusBadge } from '../../../components/orders/payout-status-badge';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { adminOrderKeys, adminOrdersApi } from '../api/admin-orders-api';
import { useAdminAction, useAdminList } from '../api/admin-api';
import { AdminListTable, type AdminColumn } from '../components/admin-list-table';
import { PayoutDestination } from '../components/payout-destination';
import { useFilterParams } from '../lib/use-filter-params';
import { formatDateTime } from '../../../lib/format-time';
import { useSession } from '../../../lib/session';

type Ask = (p: Payout) => void;

/**
 * The shared schema's message for a reference the server would refuse, shown on the field before sending. The field
 * has no 100-character limit of its own: a pasted reference cut short without a word would be recorded wrong.
 */
const referenceProblem = (reference: string) =>
  payoutPaidSchema.safeParse({ reference }).error?.issues[0]?.message ?? null;

function Seller({ p }: { p: Payout }) {
  return (
    <Anchor component={Link} to={`/admin/users/${p.userId}`}>
      {p.userName}
    </Anchor>
  );
}

function Decide({ p, askPaid, askReject }: { p: Payout; askPaid: Ask; askReject: Ask }) {
  const me = useSession().user?.uid;
  if (p.status !== 'open') return null;
  if (isSelfAction(me ?? '', p.userId))
    return (
      <Text size="sm" c="dimmed" maw={220}>
        {WALLET_MESSAGES.ownPayoutDecision}
      </Text>
    );
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="xs"
        leftSection={<IconCheck size={14} />}
        onClick={() => askPaid(p)}
        aria-label={`Mark paid: ${formatCents(p.amountCents)} to ${p.userName}`}
      >
        Mark paid
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        leftSection={<IconX size={14} />}
        onClick={() => askReject(p)}
        aria-label={`Reject: ${formatCents(p.amountCents)} to ${p.userName}`}
      >
        Reject
      </Button>
    </Group>
  );
}

function PayoutCard({ p, askPaid, askReject }: { p: Payout; askPaid: Ask; askReject: Ask }) {
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
          </Box>
        </div>
        <Decide p={p} askPaid={askPaid} askReject={askReject} />
      </Group>
    </Card>
  );
}

function columns(askPaid: Ask, askReject: Ask): AdminColumn<Payout>[] {
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
      cell: (p) => <Decide p={p} askPaid={askPaid} askReject={askReject} />,
    },
  ];
}

/** /admin/payouts: sellers' withdrawal requests; send the money, then mark it paid, or reject with a reason. */
export function Component() {
  const { values, set } = useFilterParams(['status'] as const);
  const status = (PAYOUT_STATUSES as readonly string[]).includes(values.status) ? values.status : 'open';
  const list = useAdminList(adminOrderKeys.payouts({ status }), (cursor) => adminOrdersApi.payouts({ status, cursor }));
  const confirm = useConfirm();
  // A decided payout leaves the list with its buttons: the focus goes to the page's heading instead of being lost.
  const heading = useRef<HTMLHeadingElement>(null);
  const returnFocusTo = () => heading.current;
  const markPaid = useAdminAction(
    ({ id, reference }: { id: string; reference: string }) => adminOrdersApi.markPaid(id, reference),
    WALLET_MESSAGES.payoutPaid,
  );
  const reject = useAdminAction(
    ({ id, reason }: { id: string; reason: string }) => adminOrdersApi.reject(id, reason),
    WALLET_MESSAGES.payoutRejected,
  );
  const askPaid = (p: Payout) =>
    confirm.ask({
      title: 'Mark this payout as paid?',
      message:
        `Only once you have sent ${formatCents(p.amountCents)} to ${p.userName}. ` +
        'The held amount leaves their balance.',
      confirmLabel: 'Mark paid',
      reason: {
        label: 'Transfer reference',
        description:
          `The bank transfer's reference or the PayPal transaction ID. ` +
          `Up to ${PAYOUT_REFERENCE_MAX} characters. ${p.userName} sees it.`,
        required: true,
        singleLine: true,
        check: referenceProblem,
        name: 'reference',
      },
      onConfirm: (reference) => markPaid.mutateAsync({ id: p.id, reference }),
      returnFocusTo,
    });
  const askReject = (p: Payout) =>
    confirm.ask({
      title: 'Reject this payout?',
      message: `${formatCents(p.amountCents)} goes back to ${p.userName}'s available balance.`,
      confirmLabel: 'Reject payout',
      danger: true,
      reason: { label: `Reason (${p.userName} sees it)`, required: true, minLength: 3 },
      onConfirm: (reason) => reject.mutateAsync({ id: p.id, reason }),
      returnFocusTo,
    });

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
        style={{ alignSelf: 'flex-start' }}
      />
      <AdminListTable
        label="Payouts"
        list={list}
        rowKey={(p) => p.id}
        columns={columns(askPaid, askReject)}
        card={(p) => <PayoutCard p={p} askPaid={askPaid} askReject={askReject} />}
        emptyText={status === 'open' ? 'No payouts waiting.' : 'No payouts here.'}
        loadingLabel="Loading payouts…"
        minWidth={1100}
        estimateRowHeight={53}
      />
      {confirm.dialog}
    </Stack>
  );
}
