import { z } from 'zod';

/**
 * Card refunds Stripe refused for good (decision 095: a disputed charge, say), or made failed or that failed after it
 * took them (decision 234): counted for the admins (decision 186), shown on the order's admin page, and settled there
 * by an admin: retried at Stripe, or recorded as paid back another way.
 */
export const REFUSED_REFUND_MESSAGES = {
  refundKey: 'Say which card refund this is.',
  reference: 'Enter how the buyer was paid back: a transfer reference or a short note, up to 200 characters.',
  referenceLong: 'A settlement reference holds at most 200 characters.',
  referenceChars: 'Use one line of printable characters for the reference: no tabs or other control characters.',
  unknown: 'This order has no such card refund.',
  notRefused:
    'This refund is no longer waiting: another admin retried or settled it in the meantime. Reload the order to see where it stands.',
  chargebackOpen:
    "A chargeback on this order is open: the buyer's bank decides whether this money goes back to them. Settle the refund once the bank has decided.",
  ownOrder: 'You cannot settle a refund of your own order as an admin. Another admin has to.',
  /** Stripe has a dispute on the payment that our chargebacks do not show as Stripe has it (decision 234). */
  disputeUnrecorded:
    "The card's bank has a dispute on this payment that is not recorded here yet. Settle the refund once it shows on the order.",
  stripeNotConfigured:
    "Stripe is not configured on this server, so whether the card's bank disputes this payment cannot be checked. Settle the refund where Stripe is configured.",
  /** What the retry's answer says, by where the refund stands once Stripe answered. */
  retrySent: 'Stripe took the refund: it is on its way to the card.',
  retryPending: 'Stripe did not take it yet: the refund stays owed and is tried again by itself.',
  retryRefused: 'Stripe refused the refund again.',
  settled: 'Refund recorded as paid back outside Stripe.',
} as const;

const M = REFUSED_REFUND_MESSAGES;
export const REFUND_REFERENCE_MAX = 200;

const refundKey = z.string({ error: M.refundKey }).min(1, M.refundKey).max(200, M.refundKey);

/** `POST ORDER_ROUTES.adminRefundRetry`: the refused refund goes back to Stripe, with its own idempotency key. */
export const refundRetrySchema = z.strictObject({ refundKey });
export type RefundRetryInput = z.infer<typeof refundRetrySchema>;

/**
 * `POST ORDER_ROUTES.adminRefundSettlement`: the buyer was paid back another way, and how (a transfer's reference, a
 * note): one line, as a payout's transfer reference (decision 188), so it cannot garble the order page or the mail.
 */
export const refundSettlementSchema = z.strictObject({
  refundKey,
  reference: z
    .string({ error: M.reference })
    .trim()
    .min(1, M.reference)
    .max(REFUND_REFERENCE_MAX, M.referenceLong)
    .refine((s) => !/[\p{Cc}\p{Cf}]/u.test(s), M.referenceChars),
});
export type RefundSettlementInput = z.infer<typeof refundSettlementSchema>;

export const CARD_REFUND_STATUSES = ['pending', 'sent', 'refused', 'settled'] as const;
export type CardRefundStatus = (typeof CARD_REFUND_STATUSES)[number];

/** For admins, each card refund an order owes or owed through Stripe, oldest first. */
export const cardRefundSchema = z.object({
  key: z.string(),
  amountCents: z.number(),
  status: z.enum(CARD_REFUND_STATUSES),
  /**
   * Stripe's message for the last failed try (why it refused, once refused, or why it failed after Stripe took it,
   * decision 234); null once sent or never failed.
   */
  stripeError: z.string().nullable(),
  attempts: z.number(),
  createdAt: z.number(),
  /** When Stripe took it (sent); kept on one that failed afterwards (refused), until an admin retries it. */
  sentAt: z.number().nullable(),
  /** How an admin settled it outside Stripe (settled). */
  settlement: z
    .object({
      reference: z.string(),
      byName: z.string().nullable(),
      at: z.number(),
      /** What the buyer's bank had already returned to them in a lost chargeback, of the refund. */
      coveredByChargebackCents: z.number(),
    })
    .nullable(),
});
export type CardRefund = z.infer<typeof cardRefundSchema>;

/**
 * How much of a refund Stripe refused the buyer's bank returned already, in a chargeback it decided for them (decision
 * 183). That part needs no payment of the platform's. On an order paid here and settled before the chargeback, at most
 * what is left to recover of it: the member it would be recovered from no longer owes it. On an order never paid here
 * (a payment after it could no longer be paid, refunded at once and never booked, decision 095), at most what the bank
 * took: the chargeback booked nothing to recover, and that part is booked nowhere.
 */
export function refundCoveredByChargeback(
  amountCents: number,
  chargeback: { status: string; settledBefore: boolean; outstandingCents: number; amountCents: number } | null,
  orderPaid: boolean,
) {
  if (!chargeback || chargeback.status !== 'lost') return 0;
  if (!orderPaid) return Math.max(0, Math.min(amountCents, chargeback.amountCents));
  if (!chargeback.settledBefore) return 0;
  return Math.max(0, Math.min(amountCents, chargeback.outstandingCents));
}

/** To the buyer once an admin settled their refund outside Stripe: how, in the admin's words. */
export const REFUND_SETTLED_MAIL = {
  subject: (amount: string, title: string) => `Your refund of ${amount} was paid back: ${title}`,
  heading: 'Your refund was paid back',
  /** `bank`: what the buyer's bank returned in a chargeback of it; the rest the platform paid. */
  line: (amount: string, title: string, bank: { cents: number; text: string; rest: string }) =>
    bank.cents === 0
      ? `Stripe could not return ${amount} to your card for "${title}", so an Accountry admin paid it back another way.`
      : bank.rest === ''
        ? `Stripe could not return ${amount} to your card for "${title}": your bank had already returned the payment ` +
          'to you in the chargeback it decided for you, which settles the refund.'
        : `Stripe could not return ${amount} to your card for "${title}": your bank returned ${bank.text} of it in the ` +
          `chargeback it decided for you, and an Accountry admin paid back the other ${bank.rest} another way.`,
  reference: (reference: string) => `Reference: ${reference}`,
  help: 'If you have not received it, reply to this email.',
  label: 'Open the order',
  footer: 'You get this email because you bought in this order on Accountry.',
} as const;
