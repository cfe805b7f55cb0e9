import type { OrderAction, OrderActor, OrderState } from '@accountry/shared/order-state';
import type { OrderHistoryEvent } from '@accountry/shared/orders';
import type { UploadedImageColumns } from './uploaded-image';

// Orders, their history, credentials reveals, disputes, and what the payment provider reported or is owed. Conventions
// in ../schema.ts.

export interface OrdersTable {
  id: string;
  listingId: string;
  buyerId: string;
  sellerId: string;
  priceCents: number;
  currency: string;
  feeCents: number | null;
  refundedCents: number;
  status: OrderState;
  provider: string;
  providerRef: string | null;
  /** Since when the Checkout Session in providerRef must still be expired at Stripe; null when nothing is owed. */
  checkoutExpiryOwedAt: number | null;
  deliveryTime: string;
  protectionDays: number;
  conversationId: string | null;
  /** The listing's first picture when the order was made, which its buyer is shown (decision 218). */
  listingThumbUrl?: string | null;
  createdAt: number;
  updatedAt: number;
  paidAt: number | null;
  deliveredAt: number | null;
  protectionStartedAt: number | null;
  completedAt: number | null;
  /** When the timer sweep applies dueAction; null when nothing is due. */
  dueAt: number | null;
  dueAction: OrderAction | null;
  /** When to mail "confirmed in 12 hours"; cleared once sent. */
  reminderAt: number | null;
  disputeReason: string | null;
  disputeOpenedAt: number | null;
  sellerAnswerDueAt: number | null;
  pausedRemainingMs: number | null;
  decisionOutcome: 'refund' | 'partial_refund' | 'release' | null;
  decisionReason: string | null;
  decidedBy: string | null;
  decidedAt: number | null;
  /** AES-256-GCM, see lib/credentials-cipher.ts; never logged or listed. */
  credentialsCipher: string | null;
  credentialsEraseAt: number | null;
  credentialsErasedAt: number | null;
  /** The buyer's first reveal: the seller can no longer correct the credentials (decision 182). */
  credentialsRevealedAt: number | null;
  /** How often the seller replaced the delivered credentials. */
  credentialsCorrections: number;
  /** Since when an open chargeback holds the order (decision 183): no move but the bank's outcome; null otherwise. */
  chargebackHoldSince: number | null;
}

export interface OrderHistoryTable {
  id: string;
  orderId: string;
  seq: number;
  fromStatus: OrderState | null;
  toStatus: OrderState;
  actorKind: OrderActor;
  actorId: string | null;
  reason: string;
  createdAt: number;
  /** An entry that moves no state (a correction of the credentials); null for a transition. */
  event: OrderHistoryEvent | null;
}

export interface CredentialRevealsTable {
  id: string;
  orderId: string;
  userId: string;
  by: 'buyer' | 'admin';
  createdAt: number;
}

export interface DisputeStatementsTable {
  id: string;
  orderId: string;
  authorId: string;
  authorRole: 'buyer' | 'seller' | 'admin';
  body: string;
  evidenceId: string | null;
  createdAt: number;
}

export interface DisputeEvidenceTable extends UploadedImageColumns {
  id: string;
  orderId: string;
  createdAt: number;
}

/** A Checkout Session create's parameters as first sent under its idempotency key (decision 231), kept a day. */
export interface CheckoutRequestsTable {
  idempotencyKey: string;
  /** The parameters as JSON, in the order they were sent. */
  params: string;
  createdAt: number;
}

/** A card chargeback the payment provider reported (decision 183); the id is the provider's dispute id. */
export interface ChargebacksTable {
  id: string;
  orderId: string;
  amountCents: number;
  reason: string;
  status: 'open' | 'won' | 'lost';
  orderStatusAtOpen: OrderState;
  openedAt: number;
  closedAt: number | null;
  /** When the provider was last asked for a decision whose webhook may have been lost. */
  checkedAt: number | null;
  /** Stripe's dispute fee booked as the platform's cost, and what was booked of its return (decision 183). */
  feeCents: number;
  feeReturnedCents: number;
  /**
   * Of an order settled before the chargeback: what the bank took booked `chargeback_receivable → stripe_clearing`,
   * what Stripe gave back booked the other way, and what admins recovered from a member's balance (decision 183).
   */
  withdrawnCents: number;
  reinstatedCents: number;
  recoveredCents: number;
}

/**
 * A card dispute of a payment its order does not hold: a second payment of the order, refunded at once as one it could
 * not take (decisions 095, 244). Never holds the order nor counts against its seller, as a chargeback does.
 */
export interface RefundedPaymentDisputesTable {
  id: string;
  orderId: string;
  /** The Checkout Session that made the disputed payment. */
  paymentRef: string;
  amountCents: number;
  currency: string;
  reason: string;
  status: 'open' | 'won' | 'lost';
  openedAt: number;
  closedAt: number | null;
  /** When the provider was last asked for a decision whose webhook may have been lost. */
  checkedAt: number | null;
  /** Stripe's fee booked as the platform's cost, and its return (as a chargeback's, decision 183). */
  feeCents: number;
  feeReturnedCents: number;
  /** What Stripe took of the payment booked `platform_expense → stripe_clearing`, and what it gave back. */
  withdrawnCents: number;
  reinstatedCents: number;
}

/** A card refund owed through Stripe (decision 095): `pending` until Stripe confirms it, then `sent`. */
export interface StripeRefundsTable {
  idempotencyKey: string;
  orderId: string;
  sessionId: string;
  amountCents: number;
  /**
   * refused: Stripe will not take it (the charge disputed, say); it waits for an admin, not for a retry, who sends it
   * back to `pending` or records it `settled`: paid back outside Stripe (decision 095).
   */
  status: 'pending' | 'sent' | 'refused' | 'settled';
  stripeRefundId: string | null;
  attempts: number;
  lastError: string | null;
  createdAt: number;
  sentAt: number | null;
  /** When the retry may send it next: its creation, then later after each failed attempt (decision 095). */
  nextAttemptAt: number;
  /** How often an admin sent it to Stripe again after a refusal: each retry asks under an idempotency key of its own. */
  adminRetries: number;
  /** Settled outside Stripe: when, by which admin, and how the buyer was paid back (their words). */
  settledAt: number | null;
  settledBy: string | null;
  settledReference: string | null;
  /** Of the amount, what the buyer's bank had returned in a chargeback decided for them (the rest the platform paid). */
  coveredByChargebackCents: number;
}
