import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { chargebackReasonText } from '@accountry/shared/chargebacks';
import type { OrderDetail } from '@accountry/shared/orders';
import {
  REFUNDED_PAYMENT_DISPUTE_STATUS,
  type RefundedPaymentDispute,
} from '@accountry/shared/refunded-payment-disputes';
import { formatCents } from '@accountry/shared/wallet';
import { formatDateTime } from '../../../lib/format-time';

const BADGES = {
  open: { label: 'Open', color: 'yellow' },
  won: { label: 'Won', color: 'green' },
  lost: { label: 'Lost', color: 'red' },
} as const;

/**
 * For admins: the card disputes of a second payment of the order, which was refunded at once (decision 244). They
 * never hold the order nor concern its parties; each says what the bank disputes and why, where it stands, and
 * Stripe's fee. Absent when the order has none, as the card refunds are.
 */
export function RefundedPaymentDisputes({ order }: { order: OrderDetail }) {
  const disputes = order.refundedPaymentDisputes;
  if (!disputes?.length) return null;
  return (
    <Card withBorder component="section" aria-labelledby="refunded-payment-disputes-title">
      <Title order={2} size="h4" mb="xs" id="refunded-payment-disputes-title">
        Disputes of a refunded payment
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        The buyer paid this order a second time and that payment was refunded at once; their bank disputed it later. The
        order is not on hold and the seller is not concerned.
      </Text>
      <Stack gap="md">
        {disputes.map((d) => (
          <DisputeOfPayment key={d.id} dispute={d} />
        ))}
      </Stack>
    </Card>
  );
}

function DisputeOfPayment({ dispute: d }: { dispute: RefundedPaymentDispute }) {
  const badge = BADGES[d.status];
  const { chargedCents, returnedCents } = d.fee;
  const fee =
    chargedCents === 0
      ? 'Stripe charged no dispute fee.'
      : `Stripe's dispute fee: ${formatCents(chargedCents)}` +
        (returnedCents >= chargedCents
          ? ', given back.'
          : returnedCents > 0
            ? `, ${formatCents(returnedCents)} given back.`
            : '.');
  return (
    <Stack gap={4} component="article" aria-label={`Dispute of ${formatCents(d.amountCents)}`}>
      <Group gap="xs" wrap="wrap">
        <Text fw={600}>{formatCents(d.amountCents)} disputed</Text>
        <Badge color={badge.color} variant="light">
          {badge.label}
        </Badge>
      </Group>
      <Text size="sm">The bank&apos;s reason: {chargebackReasonText(d.reason)}.</Text>
      <Text size="sm">{REFUNDED_PAYMENT_DISPUTE_STATUS[d.status]}</Text>
      <Text size="sm" c="dimmed">
        Opened {formatDateTime(d.openedAt)}
        {d.closedAt !== null && ` · decided ${formatDateTime(d.closedAt)}`}
      </Text>
      <Text size="sm" c="dimmed">
        {fee}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        Payment {d.paymentRef} · dispute {d.id}
      </Text>
    </Stack>
  );
}
