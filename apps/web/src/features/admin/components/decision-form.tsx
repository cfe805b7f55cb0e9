import { useRef, useState } from 'react';
import { Button, Card, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { ORDER_MESSAGES } from '@accountry/shared/order-messages';
import {
  DECISION_LABELS,
  DECISION_OUTCOMES,
  decisionInputSchema,
  type DecisionOutcome,
  type OrderDetail,
} from '@accountry/shared/orders';
import { formatCents } from '@accountry/shared/wallet';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { focusFirstError, zodFieldErrors } from '../../../lib/forms';
import { adminOrdersApi } from '../api/admin-orders-api';
import { shownInDialog, useAdminAction } from '../api/admin-api';
import { MoneyInput } from '../../../components/ui/money-input';

/** The admin decides an open dispute: full refund, partial refund (amount) or release, with a reason both see. */
export function DecisionForm({ order }: { order: OrderDetail }) {
  const [outcome, setOutcome] = useState<DecisionOutcome | ''>('');
  const [amount, setAmount] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const confirm = useConfirm();
  const form = useRef<HTMLFormElement>(null);
  const decide = useAdminAction(
    (input: Parameters<typeof adminOrdersApi.decide>[1]) => adminOrdersApi.decide(order.id, input),
    ORDER_MESSAGES.decided,
    shownInDialog,
  );

  // The focus goes to the first field to fix, where its message is read out.
  const showErrors = (next: Record<string, string>) => focusFirstError(form.current, () => setErrors(next));
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!outcome) return showErrors({ outcome: 'Choose a decision' });
    const refundCents = outcome === 'partial_refund' && amount !== '' ? Math.round(Number(amount) * 100) : undefined;
    const parsed = decisionInputSchema.safeParse({ outcome, refundCents, reason });
    if (!parsed.success) return showErrors(zodFieldErrors(parsed.error));
    if (refundCents !== undefined && refundCents > order.priceCents)
      return showErrors({ refundCents: ORDER_MESSAGES.refundTooLarge });
    setErrors({});
    const what =
      outcome === 'refund'
        ? `${formatCents(order.priceCents)} goes back to ${order.buyerName} and the order ends.`
        : outcome === 'partial_refund'
          ? `${formatCents(refundCents!)} goes back to ${order.buyerName}; ` +
            `the rest goes to ${order.sellerName} less the fee, and the order ends.`
          : 'The order returns to its protection period for the time that was left; ' +
            `${order.sellerName} is paid when it ends.`;
    confirm.ask({
      title: `${DECISION_LABELS[outcome]}?`,
      message: `${what} Both parties see your reason. This cannot be undone.`,
      confirmLabel: 'Record decision',
      danger: outcome !== 'release',
      onConfirm: () => decide.mutateAsync(parsed.data),
      form: { fields: ['outcome', 'refundCents', 'reason'], show: showErrors },
      // This form goes with the open dispute; the decision recorded takes its place.
      returnFocusTo: () => document.getElementById('dispute-decision'),
    });
  };

  return (
    <Card withBorder component="section" aria-labelledby="decision-title">
      <Title order={2} size="h4" mb="sm" id="decision-title">
        Decide the dispute
      </Title>
      <form onSubmit={submit} noValidate aria-label="Decide the dispute" ref={form}>
        <Stack>
          <Radio.Group
            label="Decision"
            required
            value={outcome}
            onChange={(v) => setOutcome(v as DecisionOutcome)}
            error={errors.outcome}
          >
            <Stack gap="xs" mt="xs">
              {DECISION_OUTCOMES.map((o) => (
                // Marked invalid with the group, so the focus can go to the first choice.
                <Radio key={o} value={o} label={DECISION_LABELS[o]} aria-invalid={!!errors.outcome || undefined} />
              ))}
            </Stack>
          </Radio.Group>
          {outcome === 'partial_refund' && (
            <MoneyInput
              currency="USD"
              label="Refund amount (USD)"
              description={`At most the price, ${formatCents(order.priceCents)}`}
              required
              allowNegative={false}
              value={amount}
              onChange={setAmount}
              error={errors.refundCents}
              w={240}
            />
          )}
          <Textarea
            label="Reason"
            description="Both the buyer and the seller see it."
            required
            autosize
            minRows={3}
            maxLength={2000}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={errors.reason}
          />
          <Text size="xs" c="dimmed">
            The decision is recorded in the audit log.
          </Text>
          <Button type="submit" w="fit-content">
            Record decision
          </Button>
        </Stack>
      </form>
      {confirm.dialog}
    </Card>
  );
}
