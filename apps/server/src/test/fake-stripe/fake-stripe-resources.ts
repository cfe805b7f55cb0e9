import { stripeId } from './fake-stripe-ids';
import { formList, formString, formStrings, type FormTree } from './form-body';
import { FakeDisputes, type DisputeOptions, type FakeDispute } from './fake-stripe-disputes';
import { FakeRefunds, type FakeRefundFailure } from './fake-stripe-refunds';
import {
  invalidInteger,
  invalidParams,
  listPage,
  missing,
  noSuch,
  stripeError,
  toInteger,
  type FakeReply,
} from './fake-stripe-replies';

export type { DisputeOptions, FakeDispute } from './fake-stripe-disputes';

/** The subset of a Checkout Session that Stripe returns and our provider reads. */
export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: 'payment';
  payment_intent: string | null;
  payment_status: 'unpaid' | 'paid';
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  url: string | null;
}

interface FakePaymentIntent {
  id: string;
  amount: number;
  amountRefunded: number;
  currency: string;
}

export { stripeId };
export { stripeError, type FakeReply } from './fake-stripe-replies';
export type { FakeRefund, FakeRefundFailure } from './fake-stripe-refunds';

/** Stripe's own check of an address is stricter than a single `@`: the fake wants a dot in the domain. */
const invalidEmail = (email: string) =>
  invalidParams(`Invalid email address: ${email}`, 'email_invalid', 'customer_email');
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** The objects a Stripe account holds, with the validation Stripe applies to the parameters we send. */
export class FakeStripeResources {
  readonly sessions = new Map<string, FakeCheckoutSession>();
  private readonly paymentIntents = new Map<string, FakePaymentIntent>();
  private readonly disputeBook: FakeDisputes;
  private readonly refundBook: FakeRefunds;

  constructor(
    private readonly checkoutBase: () => string,
    private readonly nowSeconds: () => number,
  ) {
    this.disputeBook = new FakeDisputes(nowSeconds);
    this.refundBook = new FakeRefunds((id) => this.paymentIntents.get(id), nowSeconds);
  }

  get disputes() {
    return this.disputeBook.all;
  }

  /** Every refund made, oldest first, whatever became of it. */
  get refunds() {
    return this.refundBook.all;
  }

  createSession(params: FormTree): FakeReply {
    if (formString(params.mode) !== 'payment') return missing('mode');
    const email = formString(params.customer_email);
    if (email !== undefined && !EMAIL.test(email)) return invalidEmail(email);
    const successUrl = formString(params.success_url);
    if (!successUrl) return missing('success_url');
    const items = formList(params.line_items);
    if (!items.length) return missing('line_items');
    let total = 0;
    let currency = '';
    for (const [i, item] of items.entries()) {
      const prefix = `line_items[${i}]`;
      const price = item.price_data;
      if (!price || typeof price === 'string') return missing(`${prefix}[price_data]`);
      const amount = toInteger(formString(price.unit_amount));
      if (amount === null) return invalidInteger(`${prefix}[price_data][unit_amount]`);
      const quantity = toInteger(formString(item.quantity) ?? '1');
      if (!quantity) return invalidInteger(`${prefix}[quantity]`);
      const itemCurrency = formString(price.currency);
      if (!itemCurrency || !/^[a-z]{3}$/.test(itemCurrency)) return missing(`${prefix}[price_data][currency]`);
      const product = price.product_data;
      if (!product || typeof product === 'string' || !formString(product.name))
        return missing(`${prefix}[price_data][product_data][name]`);
      currency = itemCurrency;
      total += amount * quantity;
    }
    const now = this.nowSeconds();
    const id = stripeId('cs');
    const session: FakeCheckoutSession = {
      id,
      object: 'checkout.session',
      amount_subtotal: total,
      amount_total: total,
      cancel_url: formString(params.cancel_url) ?? null,
      client_reference_id: formString(params.client_reference_id) ?? null,
      created: now,
      currency,
      customer_email: formString(params.customer_email) ?? null,
      expires_at: toInteger(formString(params.expires_at)) ?? now + 24 * 3600,
      livemode: false,
      metadata: formStrings(params.metadata),
      mode: 'payment',
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: successUrl.replaceAll('{CHECKOUT_SESSION_ID}', id),
      url: `${this.checkoutBase()}/c/pay/${id}`,
    };
    this.sessions.set(id, session);
    return { status: 200, body: session };
  }

  /** Newest first; `payment_intent` finds the session that made a payment. */
  listSessions(params: FormTree): FakeReply {
    const intent = formString(params.payment_intent);
    const matches = [...this.sessions.values()].filter((s) => !intent || s.payment_intent === intent);
    return listPage(matches, params, '/v1/checkout/sessions');
  }

  /** The card's bank disputes the payment (a chargeback), as Stripe reports it. */
  disputePayment(intentId: string, options: DisputeOptions = {}): FakeDispute {
    const intent = this.paymentIntents.get(intentId);
    if (!intent) throw new Error(`No such payment_intent: '${intentId}'`);
    return this.disputeBook.open({ ...intent }, options);
  }

  /** Newest first, as Stripe lists; `payment_intent` filters, `limit` (1-100, default 10) pages. */
  listDisputes(params: FormTree): FakeReply {
    const intent = formString(params.payment_intent);
    const matches = [...this.disputes.values()].filter((d) => !intent || d.payment_intent === intent);
    return listPage(matches, params, '/v1/disputes');
  }

  retrieveDispute(id: string): FakeReply {
    const dispute = this.disputes.get(id);
    return dispute ? { status: 200, body: dispute } : noSuch('dispute', id);
  }

  /** The bank decides the dispute (see FakeDisputes.close). */
  closeDispute(id: string, status: 'won' | 'lost' | 'warning_closed', feeReturned = true): FakeDispute {
    return this.disputeBook.close(id, status, feeReturned);
  }

  retrieveSession(id: string): FakeReply {
    const session = this.sessions.get(id);
    return session ? { status: 200, body: session } : noSuch('checkout.session', id);
  }

  expireSession(id: string): FakeReply {
    const session = this.sessions.get(id);
    if (!session) return noSuch('checkout.session', id);
    if (session.status !== 'open')
      return stripeError(
        400,
        'invalid_request_error',
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
      );
    Object.assign(session, { status: 'expired', url: null });
    return { status: 200, body: session };
  }

  /** The customer pays on the hosted page: the session completes with a new PaymentIntent. */
  completeSession(id: string): FakeCheckoutSession {
    const session = this.sessions.get(id);
    if (!session) throw new Error(`No such checkout.session: '${id}'`);
    if (session.status !== 'open') throw new Error(`Checkout session ${id} is ${session.status}`);
    const intent = { id: stripeId('pi'), amount: session.amount_total, amountRefunded: 0, currency: session.currency };
    this.paymentIntents.set(intent.id, intent);
    Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: intent.id, url: null });
    return session;
  }

  createRefund(params: FormTree): FakeReply {
    return this.refundBook.create(params);
  }

  /** From now on every refund of this payment is refused, as Stripe refuses one of a charge disputed by the bank. */
  refuseRefunds(intentId: string, code = 'charge_disputed') {
    this.refundBook.refuse(intentId, code);
  }

  /** Refunds of this payment are taken again (the bank decided its chargeback for the seller, say). */
  allowRefunds(intentId: string) {
    this.refundBook.allow(intentId);
  }

  /** Stripe creates the next `count` refunds of this payment with that status (and reason), not succeeded. */
  failNextRefunds(intentId: string, status: FakeRefundFailure, failureReason: string | null = null, count = 1) {
    this.refundBook.failNextOf(intentId, status, failureReason, count);
  }

  /** A refund Stripe took fails later (see FakeRefunds.fail). */
  failRefund(id: string, failureReason: string) {
    return this.refundBook.fail(id, failureReason);
  }

  listRefunds(params: FormTree): FakeReply {
    return this.refundBook.list(params);
  }
}
