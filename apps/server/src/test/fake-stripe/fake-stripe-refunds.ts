import { stripeId } from './fake-stripe-ids';
import { formString, formStrings, type FormTree } from './form-body';
import {
  invalidInteger,
  listPage,
  missing,
  noSuch,
  stripeError,
  toInteger,
  type FakeReply,
} from './fake-stripe-replies';

/** How a refund ended when it did not reach the card: failed (by the card's bank, say) or canceled. */
export type FakeRefundFailure = 'failed' | 'canceled';

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  status: 'succeeded' | FakeRefundFailure;
  /** Why it failed (`expired_or_canceled_card`, `lost_or_stolen_card`, …), once failed. */
  failure_reason?: string;
}

/** What a refund needs of its payment: how much it took and how much of it went back. */
export interface FakeRefundablePayment {
  amount: number;
  amountRefunded: number;
  currency: string;
}

/**
 * The account's refunds, with Stripe's rules: at most what the payment has left to refund, refused for good on a payment
 * told so (charged back, say), and failed or canceled on demand, at creation or later; a refund that failed or was
 * canceled gives its amount back to what the payment may still refund.
 */
export class FakeRefunds {
  readonly all: FakeRefund[] = [];
  /** Payments Stripe will not refund (charged back, say), with the error code it answers. */
  private readonly refused = new Map<string, string>();
  /** Payments whose next refunds Stripe creates already failed or canceled, with the reason. */
  private readonly failNext = new Map<string, Array<{ status: FakeRefundFailure; reason: string | null }>>();

  constructor(
    private readonly paymentOf: (intentId: string) => FakeRefundablePayment | undefined,
    private readonly nowSeconds: () => number,
  ) {}

  create(params: FormTree): FakeReply {
    const intentId = formString(params.payment_intent);
    if (!intentId) return missing('payment_intent');
    const intent = this.paymentOf(intentId);
    if (!intent) return noSuch('payment_intent', intentId, 'payment_intent');
    const refused = this.refused.get(intentId);
    if (refused)
      return stripeError(
        400,
        'invalid_request_error',
        `Charge for PaymentIntent ${intentId} cannot be refunded.`,
        refused,
      );
    const remaining = intent.amount - intent.amountRefunded;
    if (remaining === 0)
      return stripeError(
        400,
        'invalid_request_error',
        `Charge for PaymentIntent ${intentId} has already been refunded.`,
        'charge_already_refunded',
      );
    const amount = params.amount === undefined ? remaining : toInteger(formString(params.amount));
    if (amount === null || amount < 1) return invalidInteger('amount');
    if (amount > remaining)
      return stripeError(
        400,
        'invalid_request_error',
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`,
        'amount_too_large',
        'amount',
      );
    const failure = this.failNext.get(intentId)?.shift();
    const refund: FakeRefund = {
      id: stripeId('re'),
      object: 'refund',
      amount,
      created: this.nowSeconds(),
      currency: intent.currency,
      metadata: formStrings(params.metadata),
      payment_intent: intentId,
      reason: formString(params.reason) ?? null,
      status: failure?.status ?? 'succeeded',
      ...(failure?.reason ? { failure_reason: failure.reason } : {}),
    };
    if (!failure) intent.amountRefunded += amount;
    this.all.push(refund);
    return { status: 200, body: refund };
  }

  /** From now on every refund of this payment is refused, as Stripe refuses one of a charge disputed by the bank. */
  refuse(intentId: string, code: string) {
    this.refused.set(intentId, code);
  }

  allow(intentId: string) {
    this.refused.delete(intentId);
  }

  /** The next `count` refunds of this payment are created already failed or canceled (Stripe answers 200 with them). */
  failNextOf(intentId: string, status: FakeRefundFailure, reason: string | null, count: number) {
    const queue = this.failNext.get(intentId) ?? [];
    queue.push(...Array.from({ length: count }, () => ({ status, reason })));
    this.failNext.set(intentId, queue);
  }

  /** A refund Stripe took fails afterwards (the card closed, say): its amount may be refunded again. */
  fail(id: string, reason: string): FakeRefund {
    const refund = this.all.find((r) => r.id === id);
    if (!refund) throw new Error(`No such refund: '${id}'`);
    if (refund.status !== 'succeeded') throw new Error(`Refund ${id} is ${refund.status}`);
    const intent = this.paymentOf(refund.payment_intent);
    if (intent) intent.amountRefunded -= refund.amount;
    Object.assign(refund, { status: 'failed', failure_reason: reason });
    return refund;
  }

  /** Newest first, as Stripe lists; `payment_intent` filters, `limit` (1-100, default 10) pages. */
  list(params: FormTree): FakeReply {
    const intentId = formString(params.payment_intent);
    return listPage(
      this.all.filter((r) => !intentId || r.payment_intent === intentId),
      params,
      '/v1/refunds',
    );
  }
}
