import { Button, Group, Text } from '@mantine/core';
import { IconCheck, IconPencil, IconX } from '@tabler/icons-react';
import { isSelfAction } from '@accountry/shared/admin-rules';
import { WALLET_MESSAGES } from '@accountry/shared/wallet-messages';
import {
  PAYOUT_CHARGEBACK_AT_STAKE,
  PAYOUT_REFERENCE_MAX,
  PAYOUT_REFERENCE_USED,
  type PayoutPaidInput,
  formatCents,
  payoutPaidSchema,
  type Payout,
} from '@accountry/shared/wallet';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { useSession } from '../../../lib/session';
import { adminOrdersApi } from '../api/admin-orders-api';
import { shownInDialog, useAdminAction } from '../api/admin-api';
import { schemaProblem } from '../../../lib/forms';

type Ask = (p: Payout) => void;
export interface PayoutAsks {
  paid: Ask;
  reject: Ask;
  correct: Ask;
}

/**
 * The shared schema's message for a reference the server would refuse, shown on the field before sending. The field
 * has no 100-character limit of its own: a pasted reference cut short without a word would be recorded wrong.
 */
const referenceProblem = (reference: string) => schemaProblem(payoutPaidSchema, { reference });

/** The reference's field, for marking paid and for correcting (decision 188). */
const referenceField = (p: Payout, initial?: string) => ({
  label: 'Transfer reference',
  description:
    `The bank transfer's reference or the PayPal transaction ID. ` +
    `Up to ${PAYOUT_REFERENCE_MAX} characters. ${p.userName} sees it.`,
  required: true,
  singleLine: true,
  check: (text: string) =>
    referenceProblem(text) ?? (initial !== undefined && text === initial ? WALLET_MESSAGES.payoutReferenceSame : null),
  name: 'reference',
  initial,
});

/** The payouts page's dialogs: mark paid, reject, and correct a paid payout's reference; `dialog` goes on the page. */
export function usePayoutAsks(returnFocusTo: () => HTMLElement | null) {
  const confirm = useConfirm();
  const markPaid = useAdminAction(
    ({ id, ...body }: PayoutPaidInput & { id: string }) => adminOrdersApi.markPaid(id, body),
    WALLET_MESSAGES.payoutPaid,
    shownInDialog,
  );
  const reject = useAdminAction(
    ({ id, reason }: { id: string; reason: string }) => adminOrdersApi.reject(id, reason),
    WALLET_MESSAGES.payoutRejected,
    shownInDialog,
  );
  const correct = useAdminAction(
    ({ id, ...body }: { id: string; reference: string; previousReference: string; allowDuplicateReference: boolean }) =>
      adminOrdersApi.correctReference(id, body),
    WALLET_MESSAGES.payoutReferenceCorrected,
    shownInDialog,
  );
  const asks: PayoutAsks = {
    paid: (p) =>
      confirm.ask({
        title: 'Mark this payout as paid?',
        message:
          `Only once you have sent ${formatCents(p.amountCents)} to ${p.userName}. ` +
          'The held amount leaves their balance.',
        confirmLabel: 'Mark paid',
        reason: referenceField(p),
        // A member's balance no longer covering what chargebacks hold, a reference another payout has: the server's
        // warnings, shown in the dialog one after the other, and confirmed past on purpose.
        warning: { codes: [PAYOUT_CHARGEBACK_AT_STAKE, PAYOUT_REFERENCE_USED], confirmLabel: 'Mark paid anyway' },
        onConfirm: (reference, confirmed) =>
          markPaid.mutateAsync({
            id: p.id,
            reference,
            allowChargebackAtStake: confirmed.includes(PAYOUT_CHARGEBACK_AT_STAKE),
            allowDuplicateReference: confirmed.includes(PAYOUT_REFERENCE_USED),
          }),
        returnFocusTo,
      }),
    reject: (p) =>
      confirm.ask({
        title: 'Reject this payout?',
        message: `${formatCents(p.amountCents)} goes back to ${p.userName}'s available balance.`,
        confirmLabel: 'Reject payout',
        danger: true,
        reason: { label: `Reason (${p.userName} sees it)`, required: true, minLength: 3 },
        onConfirm: (reason) => reject.mutateAsync({ id: p.id, reason }),
        returnFocusTo,
      }),
    correct: (p) =>
      confirm.ask({
        title: 'Correct the transfer reference?',
        message:
          `The payout of ${formatCents(p.amountCents)} to ${p.userName} was recorded with the reference ` +
          `${p.reference}. ${p.userName} is emailed the corrected one.`,
        confirmLabel: 'Save reference',
        reason: referenceField(p, p.reference),
        warning: { codes: [PAYOUT_REFERENCE_USED], confirmLabel: 'Save reference anyway' },
        onConfirm: (reference, confirmed) =>
          correct.mutateAsync({
            id: p.id,
            reference,
            previousReference: p.reference,
            allowDuplicateReference: confirmed.includes(PAYOUT_REFERENCE_USED),
          }),
        returnFocusTo,
      }),
  };
  return { asks, dialog: confirm.dialog };
}

/** A payout's actions: an open one is marked paid or rejected, a paid one's reference corrected; not one's own. */
export function PayoutActions({ p, asks }: { p: Payout; asks: PayoutAsks }) {
  const me = useSession().user?.uid ?? '';
  const to = `${formatCents(p.amountCents)} to ${p.userName}`;
  // Rejected and canceled payouts are done with; one paid before references were recorded has none to correct.
  if (p.status !== 'open' && !(p.status === 'paid' && p.reference)) return null;
  if (isSelfAction(me, p.userId))
    return (
      <Text size="sm" c="dimmed" maw={220}>
        {p.status === 'open' ? WALLET_MESSAGES.ownPayoutDecision : WALLET_MESSAGES.ownPayoutCorrection}
      </Text>
    );
  if (p.status === 'paid')
    return (
      <Button
        size="xs"
        variant="default"
        leftSection={<IconPencil size={14} />}
        onClick={() => asks.correct(p)}
        aria-label={`Correct the transfer reference: ${to}`}
      >
        Correct reference
      </Button>
    );
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="xs"
        leftSection={<IconCheck size={14} />}
        onClick={() => asks.paid(p)}
        aria-label={`Mark paid: ${to}`}
      >
        Mark paid
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        leftSection={<IconX size={14} />}
        onClick={() => asks.reject(p)}
        aria-label={`Reject: ${to}`}
      >
        Reject
      </Button>
    </Group>
  );
}
