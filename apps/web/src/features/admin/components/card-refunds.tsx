import { useRef } from 'react';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCreditCardRefund, IconReceipt, IconRefresh } from '@tabler/icons-react';
import { isPartyTo } from '@accountry/shared/admin-rules';
import type { OrderDetail } from '@accountry/shared/orders';
import { REFUSED_REFUND_MESSAGES as R, type CardRefund } from '@accountry/shared/refused-refunds';
import { formatCents } from '@accountry/shared/wallet';
import { formatDateTime } from '../../../lib/format-time';
import { useSession } from '../../../lib/session';
import { useRefundAsks, type RefundAsks } from './card-refund-asks';

/**
 * For admins, on an order paid by card: each refund owed through Stripe and where it stands (decision 095). One Stripe
 * refused waits here, with Stripe's answer, to be retried at Stripe or recorded as paid back another way.
 */
export function CardRefunds({ order }: { order: OrderDetail }) {
  const refunds = order.cardRefunds;
  if (!refunds?.length) return null;
  return <RefundsCard order={order} refunds={refunds} />;
}

function RefundsCard({ order, refunds }: { order: OrderDetail; refunds: CardRefund[] }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Settled or sent, the refund's buttons are gone: the focus goes to the card's heading, whose lines say where it is.
  const { asks, dialog } = useRefundAsks(order, () => heading.current);
  return (
    <Card withBorder component="section" aria-labelledby="card-refunds-title">
      <Title order={2} size="h4" mb="sm" id="card-refunds-title" ref={heading} tabIndex={-1}>
        Card refunds
      </Title>
      <Stack gap="sm">
        {refunds.map((r) =>
          r.status === 'refused' ? (
            <RefusedRefund key={r.key} order={order} refund={r} asks={asks} />
          ) : (
            <Text key={r.key} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {refundLine(r)}
            </Text>
          ),
        )}
      </Stack>
      {dialog}
    </Card>
  );
}

/** Where a refund not waiting for an admin stands, in a line. */
function refundLine(r: CardRefund) {
  const amount = formatCents(r.amountCents);
  if (r.status === 'sent') return `${amount}: sent to the card${r.sentAt ? ` on ${formatDateTime(r.sentAt)}` : ''}.`;
  const s = r.settlement;
  if (r.status === 'settled' && s) {
    const bank = s.coveredByChargebackCents;
    const covered =
      bank === 0
        ? ''
        : bank === r.amountCents
          ? " The buyer's bank had returned it in the chargeback."
          : ` The buyer's bank had returned ${formatCents(bank)} of it in the chargeback.`;
    const by = s.byName ? ` by ${s.byName}` : '';
    return `${amount}: paid back outside Stripe on ${formatDateTime(s.at)}${by}. Reference: ${s.reference}.${covered}`;
  }
  const last = r.stripeError ? ` Stripe's last answer: ${r.stripeError}` : '';
  return `${amount}: waiting to be sent to the card; it is tried again by itself.${last}`;
}

/** A refund Stripe refused, or took and then failed: its answer, and what an admin may do about it (not on their own
 * order, not while the buyer's bank decides a chargeback). */
function RefusedRefund({ order, refund, asks }: { order: OrderDetail; refund: CardRefund; asks: RefundAsks }) {
  const me = useSession().user?.uid ?? '';
  const amount = formatCents(refund.amountCents);
  // The bank decides first: on the order's payment, or on the second payment this refund is of (decision 244).
  const disputed =
    order.chargeback?.status === 'open' ||
    !!order.refundedPaymentDisputes?.some((d) => d.refundKey === refund.key && d.status === 'open');
  const blocked = isPartyTo(me, [order.buyerId, order.sellerId]) ? R.ownOrder : disputed ? R.chargebackOpen : null;
  // Set on one Stripe took and that failed afterwards (decision 234): sent once, the card still never got it.
  const { sentAt } = refund;
  return (
    <Alert
      color="red"
      icon={<IconCreditCardRefund aria-hidden />}
      title={
        sentAt !== null
          ? `The refund of ${amount} to the card failed`
          : `Stripe refused to refund ${amount} to the card`
      }
      // A group named by its title, not an alert: it is what the page is about, not news to interrupt with.
      role="group"
    >
      <Stack gap="xs">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          Stripe&apos;s answer: {refund.stripeError ?? 'none recorded'}
        </Text>
        {sentAt !== null && (
          <Text size="sm">
            Stripe took it on {formatDateTime(sentAt)}, then it failed: the money never reached the card.
          </Text>
        )}
        <Text size="sm">
          {order.buyerName} is still owed it. Owed since {formatDateTime(refund.createdAt)}; Stripe was asked{' '}
          {refund.attempts === 1 ? 'once' : `${refund.attempts} times`} and will not be asked again unless you retry.
        </Text>
        {blocked ? (
          <Text size="sm" c="dimmed">
            {blocked}
          </Text>
        ) : (
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconRefresh size={14} />}
              onClick={() => asks.retry(refund)}
            >
              Retry at Stripe
            </Button>
            <Button size="xs" leftSection={<IconReceipt size={14} />} onClick={() => asks.settle(refund)}>
              Record as paid back
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
