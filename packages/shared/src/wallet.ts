import { z } from 'zod';
import { WALLET_MESSAGES as M } from './wallet-messages';
import { payoutDetailLineSchema } from './payout-methods';
import { plainText } from './plain-text';

/** Balances, ledger lines, payouts and admin balance credits: route paths and schemas. */
export const WALLET_ROUTES = {
  wallet: '/api/wallet',
  entries: '/api/wallet/entries',
  payouts: '/api/wallet/payouts',
  cancelPayout: '/api/wallet/payouts/:id/cancel',
  adminPayouts: '/api/admin/payouts',
  adminPayoutPaid: '/api/admin/payouts/:id/paid',
  adminPayoutReject: '/api/admin/payouts/:id/reject',
  adminPayoutReference: '/api/admin/payouts/:id/reference',
  adminPayoutDestination: '/api/admin/payouts/:id/destination',
  adminUserWallet: '/api/admin/users/:id/wallet',
  adminCredit: '/api/admin/users/:id/balance-credits',
} as const;

export const PAYOUT_STATUSES = ['open', 'paid', 'rejected', 'canceled'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  open: 'Requested',
  paid: 'Paid',
  rejected: 'Rejected',
  canceled: 'Canceled',
};

/** What a ledger transaction records; the wallet's history lines say it with `wallet-entry-text.ts`. */
export const LEDGER_KINDS = [
  'credit',
  'order_payment',
  'order_refund',
  'order_release',
  'payout_request',
  'payout_paid',
  'payout_rejected',
  'payout_canceled',
  // Stripe's fee for a chargeback, and its return: the platform's cost, never on a member's balance (decision 183).
  'dispute_fee',
  'dispute_fee_returned',
  // What the bank took of an order settled before its chargeback, Stripe's return of it, and an admin taking it back
  // from the member who was paid it; only the last is on a member's balance (decision 183).
  'chargeback_withdrawal',
  'chargeback_reinstatement',
  'chargeback_recovery',
  // A card refund Stripe refused, paid back another way or by the bank's chargeback (decision 095): no member's balance.
  'refund_outside_stripe',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  credit: 'Balance credit',
  order_payment: 'Order payment',
  order_refund: 'Order refund',
  order_release: 'Sale completed',
  payout_request: 'Payout requested',
  payout_paid: 'Payout sent',
  payout_rejected: 'Payout rejected',
  payout_canceled: 'Payout request canceled',
  dispute_fee: 'Chargeback fee',
  dispute_fee_returned: 'Chargeback fee returned',
  chargeback_withdrawal: 'Chargeback: taken by the bank',
  chargeback_reinstatement: 'Chargeback: returned by the bank',
  chargeback_recovery: 'Chargeback recovery',
  refund_outside_stripe: 'Refund paid outside Stripe',
};

export const payoutSchema = z.object({
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  amountCents: z.number(),
  status: z.enum(PAYOUT_STATUSES),
  reason: z.string(),
  createdAt: z.number(),
  decidedAt: z.number().nullable(),
  /** Where it goes, as kept when it was requested (decision 173): a summary, '' for payouts from before. */
  destination: z.string(),
  /** What the admin recorded of the transfer when marking it paid (decision 188); '' for any other payout. */
  reference: z.string(),
  /** Open, and an admin has its whole details to send it: its member can no longer cancel it. */
  sending: z.boolean(),
  /** For admins: an open payout's whole details can be asked for (decision 174); false once decided or erased. */
  detailsKept: z.boolean().optional(),
  /**
   * For admins, on an open payout whose member has less available than chargebacks hold (decision 204): what they
   * hold and what is available beside the payout, so it is seen before the money is sent.
   */
  chargebackAtStake: z.object({ heldCents: z.number(), availableCents: z.number() }).optional(),
});
export type Payout = z.infer<typeof payoutSchema>;

/**
 * A sale paid to its seller: the price, what went back to the buyer (a partial refund), the platform fee taken, and
 * what reached the seller's balance (the shared `sellerShareCents`).
 */
export const saleSplitSchema = z.object({
  priceCents: z.number(),
  refundedCents: z.number(),
  feeCents: z.number(),
  paidCents: z.number(),
});
export type SaleSplit = z.infer<typeof saleSplitSchema>;

export const walletEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(LEDGER_KINDS),
  /** Signed: positive adds to the available balance. */
  availableCents: z.number(),
  heldCents: z.number(),
  orderId: z.string().nullable(),
  /** The title of the order's listing, as the order's page shows it (kept when the listing is deleted); null without. */
  listingTitle: z.string().nullable(),
  /** On the line that paid a sale to its seller: how the price was split (null on every other line). */
  sale: saleSplitSchema.nullable(),
  memo: z.string(),
  createdAt: z.number(),
});
export type WalletEntry = z.infer<typeof walletEntrySchema>;

/**
 * Money kept from payouts while a chargeback on an order settled before it is open or lost and not yet recovered
 * (decision 204): the bank's disputed amount while open, what is left to recover once lost.
 */
export const chargebackHoldSchema = z.object({
  orderId: z.string(),
  listingTitle: z.string(),
  status: z.enum(['open', 'lost']),
  heldCents: z.number(),
});
export type ChargebackHold = z.infer<typeof chargebackHoldSchema>;

/** A member's balances (GET /api/wallet); their payouts are paged by GET /api/wallet/payouts, the one list. */
export const walletSchema = z.object({
  availableCents: z.number(),
  /** Held by open payout requests. */
  heldCents: z.number(),
  /** Kept back from payouts for chargebacks (decision 204), and what a payout may take now: available less that. */
  chargebackHolds: z.array(chargebackHoldSchema),
  chargebackHeldCents: z.number(),
  payableCents: z.number(),
  /** Paid for purchases not yet completed, or owed for sales in escrow (informational). */
  inEscrowAsBuyerCents: z.number(),
  inEscrowAsSellerCents: z.number(),
  /** The share of a sale's price the platform keeps when it completes; the rest is the seller's. */
  platformFeePercent: z.number(),
  payoutMinimumCents: z.number(),
  /** Orders are paid from the balance (PAYMENT_PROVIDER=balance): it is topped up by a bank transfer; by card, not. */
  paysFromBalance: z.boolean(),
});
export type Wallet = z.infer<typeof walletSchema>;

export const walletEntriesPageSchema = z.object({
  items: z.array(walletEntrySchema),
  nextCursor: z.string().nullable(),
});

export const payoutRequestSchema = z.strictObject({
  amountCents: z.number({ error: M.payoutAmount }).int(M.payoutAmount).min(1, M.payoutAmount),
});

export const payoutRejectSchema = z.strictObject({
  reason: z
    .string({ error: M.rejectReason })
    .overwrite(plainText)
    .trim()
    .min(3, M.rejectReason)
    .max(500, M.rejectReason),
});

/** A bank transfer's reference, a PayPal transaction id: what the seller finds the payment by (decision 188). */
export const PAYOUT_REFERENCE_MAX = 100;
const payoutReference = z
  .string({ error: M.payoutReference })
  .trim()
  .min(1, M.payoutReference)
  .max(PAYOUT_REFERENCE_MAX, M.payoutReferenceLong)
  // Control and format characters (line breaks, zero-width, text direction) would garble the list and the mail.
  .refine((s) => !/[\p{Cc}\p{Cf}]/u.test(s), M.payoutReferenceChars);
/** A reference already recorded on another payout is a 409 with this code, unless the request confirms it. */
export const PAYOUT_REFERENCE_USED = 'PAYOUT_REFERENCE_USED';
const allowDuplicateReference = z.boolean().optional();

/**
 * Marking paid a payout whose member has less available than their chargebacks keep back is a 409 with this code,
 * unless the request confirms it (decision 204).
 */
export const PAYOUT_CHARGEBACK_AT_STAKE = 'PAYOUT_CHARGEBACK_AT_STAKE';

export const payoutPaidSchema = z.strictObject({
  reference: payoutReference,
  allowDuplicateReference,
  allowChargebackAtStake: z.boolean().optional(),
});
export type PayoutPaidInput = z.infer<typeof payoutPaidSchema>;
/** A paid payout's reference corrected; `previousReference` is the one the admin saw, the write's condition. */
export const payoutReferenceCorrectionSchema = z.strictObject({
  reference: payoutReference,
  previousReference: z
    .string({ error: M.payoutPreviousReference })
    .min(1, M.payoutPreviousReference)
    .max(PAYOUT_REFERENCE_MAX, M.payoutPreviousReference),
  allowDuplicateReference,
});

/** What two references are compared by: the same transfer, whatever the spaces around it or its letter case. */
export const payoutReferenceKey = (reference: string) => reference.trim().toLowerCase();

export const adminPayoutsQuerySchema = z.object({
  status: z.enum(PAYOUT_STATUSES).default('open'),
  cursor: z.string().max(300).optional(),
});
export const payoutsPageSchema = z.object({ items: z.array(payoutSchema), nextCursor: z.string().nullable() });
/** POST /api/admin/payouts/:id/destination: an open payout's whole details, each showing audited (decision 174). */
export const payoutDestinationSchema = z.object({ lines: z.array(payoutDetailLineSchema) });
export type PayoutDestination = z.infer<typeof payoutDestinationSchema>;

export const CREDIT_MAX_CENTS = 10_000_000;
export const balanceCreditSchema = z.strictObject({
  amountCents: z
    .number({ error: M.creditAmount })
    .int(M.creditAmount)
    .min(-CREDIT_MAX_CENTS, M.creditAmount)
    .max(CREDIT_MAX_CENTS, M.creditAmount)
    .refine((v) => v !== 0, M.creditAmount),
  reason: z
    .string({ error: M.creditReason })
    .overwrite(plainText)
    .trim()
    .min(3, M.creditReason)
    .max(500, M.creditReason),
  /** Made once per credit by the admin's page: the same request arriving again is recorded once (decision 238). */
  requestId: z.string({ error: M.creditRequestId }).regex(/^[A-Za-z0-9_-]{8,64}$/, M.creditRequestId),
});
export type BalanceCreditInput = z.infer<typeof balanceCreditSchema>;

/** "$12.34" */
export const formatCents = (cents: number) =>
  `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
