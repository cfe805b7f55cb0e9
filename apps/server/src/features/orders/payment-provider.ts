import type { Database } from '../../db/database';
import type { OrdersTable } from '../../db/schema';

export const PAYMENT_PROVIDERS = ['balance', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** What a provider needs to start paying an order; called outside any database transaction. */
export interface PaymentStart {
  order: OrdersTable;
  buyerEmail: string;
  /** Where the buyer comes back to after paying on the provider's page (the order page). */
  returnUrl: string;
}

/** Paid at once (the order then moves to `paid` in one transaction), or a page to send the buyer to. */
export type PaymentStartResult = { status: 'paid' } | { status: 'redirect'; url: string; providerRef: string };

/** A payment the provider confirmed (from a verified webhook). */
export interface ConfirmedPayment {
  orderId: string;
  providerRef: string;
  amountCents: number;
}

/** The card's bank disputes a payment (a chargeback), or decided one (decision 183). */
export interface ReportedChargeback {
  /** The provider's id of the dispute: one chargeback row each. */
  id: string;
  orderId: string;
  /** The payment it disputes (the order's providerRef), to check it is the order's own. */
  providerRef: string;
  /** What the bank disputes, in `currency` (the service books at most the order's price, in the order's currency). */
  amountCents: number;
  /** ISO code, upper case. */
  currency: string;
  reason: string;
  status: 'open' | 'won' | 'lost';
  /** The provider's fee for the dispute, and what it gave back of it (on a decision for the seller): cents. */
  fee: ChargebackFee;
  /** What the provider took from the platform's balance for the dispute, and what it gave back: cents. */
  funds: ChargebackFunds;
}

export interface ChargebackFee {
  chargedCents: number;
  returnedCents: number;
}

export interface ChargebackFunds {
  withdrawnCents: number;
  reinstatedCents: number;
}

/** A dispute of a payment as the provider has it now, asked before its refund is paid back another way. */
export interface PaymentDispute {
  id: string;
  status: ReportedChargeback['status'];
}

/** Where a chargeback stands now at the provider, asked when its decision's webhook may have been lost. */
export type ChargebackCheck = Pick<ReportedChargeback, 'status' | 'fee' | 'funds'>;

/** A card refund the provider took that failed afterwards, never reaching the card (decision 234). */
export interface FailedRefund {
  orderId: string;
  /** Our key of the refund (`stripe_refunds.idempotency_key`), which the provider's refund carries. */
  refundKey: string;
  /** The provider's id of the refund that failed: only the refund recorded as sent under it moves. */
  providerRefundId: string;
  status: 'failed' | 'canceled';
  /** The provider's code for why (`expired_or_canceled_card`), when it gives one. */
  failureReason: string | null;
}

/** What a verified webhook reports: a payment, a chargeback opened or decided, or a refund that failed. */
export type WebhookReport =
  | ({ kind: 'payment' } & ConfirmedPayment)
  | ({ kind: 'chargeback' } & ReportedChargeback)
  | ({ kind: 'refund_failed' } & FailedRefund);

export interface WebhookRequest {
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * One interface for every way of paying (PAYMENT_PROVIDER=balance|stripe). The orders service owns the ledger: it
 * moves the money from `sourceAccount` into escrow when a payment is confirmed, and from escrow to `refundAccount`
 * on a refund, each in the same transaction as the order change; the provider only talks to the outside world.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Begin paying an order in `pending_payment`. */
  startPayment(input: PaymentStart): Promise<PaymentStartResult>;
  /** The ledger account the buyer's money comes from: their available balance, or `external` for card payments. */
  sourceAccount(order: OrdersTable): string;
  /** The ledger account a refund goes to (mirrors sourceAccount). */
  refundAccount(order: OrdersTable): string;
  /**
   * Verify a webhook and say which payment it confirms, which chargeback or failed refund it reports; null for events
   * that say none of these. Throws an AppError (400) for a forged or malformed request.
   */
  parseWebhook(request: WebhookRequest): Promise<WebhookReport | null>;
  /**
   * Record a refund owed outside the ledger (e.g. back to the card) in the transaction of the refund itself, so a
   * crash after the commit cannot lose it. The idempotency key is stable per order and amount, so a retry never
   * refunds twice. The balance provider has nothing to do: the ledger entry is the refund.
   */
  oweRefund(trx: Database, order: OrdersTable, amountCents: number, idempotencyKey: string): Promise<void>;
  /** Send a refund recorded by `oweRefund`, after the commit; one the provider cannot take now stays owed. */
  sendRefund(idempotencyKey: string): Promise<void>;
  /**
   * The order left `pending_payment` unpaid (canceled, expired) while a payment page of the provider was open: record,
   * in the transaction of that move, that the page must be closed, so a crash after the commit cannot leave it
   * payable. The balance provider has nothing to do (it has no page).
   */
  owePaymentClose(trx: Database, order: OrdersTable): Promise<void>;
  /** Close the page recorded by `owePaymentClose`, after the commit; one the provider cannot close now stays owed. */
  closePayment(orderId: string): Promise<void>;
  /** Close every page still owed (the order sweep's retry); returns how many were settled. */
  closeOwedPayments(): Promise<number>;
  /** Where a chargeback stands now, asked when its decision's webhook may have been lost (decision 183). */
  checkChargeback(id: string): Promise<ChargebackCheck>;
  /**
   * Every dispute the card's bank has on the payment `providerRef` (an order's or a refund's), as the provider has it
   * now (decision 234); a 503 AppError when it cannot be asked. The balance provider has none: no card, no bank.
   */
  paymentDisputes(providerRef: string): Promise<PaymentDispute[]>;
}
