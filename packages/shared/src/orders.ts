import { z } from 'zod';
import { chargebackRecoveryViewSchema } from './chargeback-recovery';
import { cardRefundSchema } from './refused-refunds';
import { refundedPaymentDisputeSchema } from './refunded-payment-disputes';
import { DELIVERY_TIMES } from './listings';
import { ORDER_MESSAGES as M } from './order-messages';
import { ORDER_ACTIONS, ORDER_ACTORS, ORDER_STATES, PROTECTION_PERIODS } from './order-state';
import { plainText } from './plain-text';

/** Orders API: route paths and the zod schemas of every request and response. */
export const ORDER_ROUTES = {
  create: '/api/orders',
  list: '/api/orders',
  detail: '/api/orders/:id',
  pay: '/api/orders/:id/pay',
  cancel: '/api/orders/:id/cancel',
  deliver: '/api/orders/:id/deliver',
  confirm: '/api/orders/:id/confirm',
  dispute: '/api/orders/:id/dispute',
  revealCredentials: '/api/orders/:id/credentials/reveal',
  /** The seller replaces delivered credentials the buyer has not revealed yet (decision 182). */
  correctCredentials: '/api/orders/:id/credentials',
  statements: '/api/orders/:id/dispute/statements',
  evidence: '/api/orders/:id/dispute/evidence',
  evidenceImage: '/api/orders/:id/dispute/evidence/:evidenceId',
  webhook: '/api/payments/:provider/webhook',
  adminList: '/api/admin/orders',
  adminDecision: '/api/admin/orders/:id/decision',
  adminRevealCredentials: '/api/admin/orders/:id/credentials/reveal',
  /** An admin takes back what the bank took of an order settled before its chargeback (decision 183). */
  adminChargebackRecovery: '/api/admin/orders/:id/chargeback-recovery',
  /** An admin sends a card refund Stripe refused back to Stripe, or records it paid back another way (decision 095). */
  adminRefundRetry: '/api/admin/orders/:id/refund-retry',
  adminRefundSettlement: '/api/admin/orders/:id/refund-settlement',
  adminFigures: '/api/admin/orders-figures',
  waiting: '/api/orders/waiting',
  fees: '/api/fees',
} as const;

/** Fill ":id" style parameters of a route path. */
export function orderPath(route: string, params: Record<string, string>): string {
  return route.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(params[k] ?? ''));
}

export const orderStateSchema = z.enum(ORDER_STATES);
export const orderActionSchema = z.enum(ORDER_ACTIONS);
export const protectionDaysSchema = z.union(
  PROTECTION_PERIODS.map((d) => z.literal(d)) as [z.ZodLiteral<0>, ...z.ZodLiteral<number>[]],
);

/**
 * `offerId`: an accepted offer of this buyer's, bought at its price (decision 180; without it, the buyer's accepted
 * offer on the listing is used). `expectedPriceCents`, `expectedDeliveryTime`, `expectedProtectionDays`: the terms the
 * buyer confirmed; another one is a 409.
 */
export const createOrderSchema = z.strictObject({
  listingId: z.string().min(1).max(64),
  offerId: z.string().min(1).max(64).optional(),
  expectedPriceCents: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).optional(),
  expectedDeliveryTime: z.enum(DELIVERY_TIMES).optional(),
  expectedProtectionDays: protectionDaysSchema.optional(),
});
export type CreateOrderInput = z.input<typeof createOrderSchema>;

export const cancelOrderSchema = z.strictObject({
  reason: z.string().overwrite(plainText).trim().max(500, M.cancelReason).optional().default(''),
});

export const openDisputeSchema = z.strictObject({
  reason: z
    .string({ error: M.disputeReason })
    .overwrite(plainText)
    .trim()
    .min(10, M.disputeReason)
    .max(2000, M.disputeReason),
});

export const statementInputSchema = z
  .strictObject({
    body: z.string().overwrite(plainText).trim().max(2000, M.statementBody).default(''),
    evidenceId: z.string().min(1).max(64).nullable().optional(),
  })
  .refine((s) => s.body !== '' || !!s.evidenceId, { message: M.statementBody, path: ['body'] });

export const DECISION_OUTCOMES = ['refund', 'partial_refund', 'release'] as const;
export type DecisionOutcome = (typeof DECISION_OUTCOMES)[number];
export const DECISION_LABELS: Record<DecisionOutcome, string> = {
  refund: 'Full refund to the buyer',
  partial_refund: 'Partial refund to the buyer',
  release: 'Release to the seller',
};
export const decisionInputSchema = z
  .strictObject({
    outcome: z.enum(DECISION_OUTCOMES),
    refundCents: z.number({ error: M.refundAmount }).int(M.refundAmount).min(1, M.refundAmount).optional(),
    reason: z
      .string({ error: M.decisionReason })
      .overwrite(plainText)
      .trim()
      .min(10, M.decisionReason)
      .max(2000, M.decisionReason),
  })
  .refine((d) => d.outcome !== 'partial_refund' || d.refundCents !== undefined, {
    message: M.refundAmount,
    path: ['refundCents'],
  });
export type DecisionInput = z.infer<typeof decisionInputSchema>;

/** History entries that move no state; null for a transition. */
export const ORDER_HISTORY_EVENTS = ['credentials_corrected', 'chargeback_opened', 'chargeback_won'] as const;
export type OrderHistoryEvent = (typeof ORDER_HISTORY_EVENTS)[number];

export const historyEntrySchema = z.object({
  id: z.string(),
  event: z.enum(ORDER_HISTORY_EVENTS).nullable(),
  from: orderStateSchema.nullable(),
  to: orderStateSchema,
  actorKind: z.enum(ORDER_ACTORS),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  reason: z.string(),
  at: z.number(),
});
export type OrderHistoryEntry = z.infer<typeof historyEntrySchema>;

export const credentialRevealSchema = z.object({ by: z.enum(['buyer', 'admin']), at: z.number() });

export const orderViewerRoles = ['buyer', 'seller', 'admin'] as const;

/** The reveals an order's page lists: the latest, with a count of those before them. */
export const REVEALS_SHOWN = 20;

/** What an order's row in a list and its page both begin with: the deal, its listing and its parties. */
export const orderHeadSchema = z.object({
  id: z.string(),
  listingId: z.string(),
  listingTitle: z.string(),
  thumbUrl: z.string().nullable(),
  buyerId: z.string(),
  buyerName: z.string(),
  sellerId: z.string(),
  sellerName: z.string(),
  priceCents: z.number(),
});

/** Everything the order page shows; `actions` are what the viewer may do now. */
export const orderDetailSchema = orderHeadSchema.extend({
  currency: z.string(),
  /** Set at completion (or on a partial refund): what the platform kept. */
  feeCents: z.number().nullable(),
  /**
   * For the seller (and admins): what the sale pays them after the platform fee, and what it is expected to while the
   * money is in escrow; null for the buyer and for an order that was never paid.
   */
  sellerReceivesCents: z.number().nullable(),
  refundedCents: z.number(),
  status: orderStateSchema,
  provider: z.string(),
  /** For admins: the provider's reference of the payment (a Stripe Checkout Session), to find it there; else null. */
  paymentRef: z.string().nullable(),
  deliveryTime: z.enum(DELIVERY_TIMES),
  protectionDays: z.number(),
  conversationId: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
  paidAt: z.number().nullable(),
  deliveredAt: z.number().nullable(),
  protectionStartedAt: z.number().nullable(),
  completedAt: z.number().nullable(),
  /** When the next timer acts, and what it does. */
  dueAt: z.number().nullable(),
  dueAction: orderActionSchema.nullable(),
  dispute: z
    .object({
      reason: z.string(),
      openedAt: z.number(),
      sellerAnswerDueAt: z.number(),
      /** Protection time left when the dispute was opened (the clock is paused). */
      pausedRemainingMs: z.number(),
    })
    .nullable(),
  decision: z
    .object({
      outcome: z.enum(DECISION_OUTCOMES),
      reason: z.string(),
      refundedCents: z.number(),
      decidedAt: z.number(),
    })
    .nullable(),
  /** The latest chargeback of the card payment (decision 183); `held` while it stops every move of the order. */
  chargeback: z
    .object({
      status: z.enum(['open', 'won', 'lost']),
      /** What the bank disputes, at most the price (less than it for a partial chargeback). */
      amountCents: z.number(),
      reason: z.string(),
      openedAt: z.number(),
      closedAt: z.number().nullable(),
      held: z.boolean(),
      /** The order was settled in any part before it (the seller paid, or the card refunded): escrow held none of it. */
      settledBefore: z.boolean(),
      /** For admins: Stripe's dispute fee the platform paid, and what Stripe gave back of it (null for the parties). */
      fee: z.object({ chargedCents: z.number(), returnedCents: z.number() }).nullable(),
      /** For admins, on an order settled before it: what the bank took, recovered and left (null otherwise). */
      recovery: chargebackRecoveryViewSchema.nullable(),
    })
    .nullable(),
  /** For admins: the card refunds owed through Stripe, and how each stands (decision 095); null for the parties. */
  cardRefunds: z.array(cardRefundSchema).nullable(),
  /**
   * For admins: card disputes of a payment the order does not hold (a second one, refunded at once), oldest first
   * (decision 244); null for the parties.
   */
  refundedPaymentDisputes: z.array(refundedPaymentDisputeSchema).nullable(),
  viewerRole: z.enum(orderViewerRoles),
  actions: z.array(orderActionSchema),
  history: z.array(historyEntrySchema),
  credentials: z.object({
    delivered: z.boolean(),
    erased: z.boolean(),
    /** The latest REVEALS_SHOWN reveals, oldest of them first. */
    reveals: z.array(credentialRevealSchema),
    /** How many reveals came before those listed. */
    earlierReveals: z.number(),
    /** How often the seller replaced them (decision 182). */
    corrections: z.number(),
    /** For the seller: whether they may replace them now (before the buyer's first reveal, a few times). */
    canCorrect: z.boolean(),
  }),
  canReview: z.boolean(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** The answer to "pay": the order, and a page to send the buyer to when the provider needs one. */
export const payOrderResponseSchema = z.object({ order: orderDetailSchema, redirectUrl: z.string().nullable() });
export type PayOrderResponse = z.infer<typeof payOrderResponseSchema>;

/** GET /api/fees: what selling costs, for the listing editor and the site's pages. */
export const feesSchema = z.object({ platformFeePercent: z.number() });
export type Fees = z.infer<typeof feesSchema>;

export const adminOrderFiguresSchema = z.object({
  openDisputes: z.number(),
  escrowHeldCents: z.number(),
  feesEarnedCents: z.number(),
  openPayouts: z.number(),
  /** The ledger check: every transaction balanced, entries sum to zero, no user balance negative. */
  ledgerHealthy: z.boolean(),
  ledgerProblems: z.array(z.string()),
});
export type AdminOrderFigures = z.infer<typeof adminOrderFiguresSchema>;
