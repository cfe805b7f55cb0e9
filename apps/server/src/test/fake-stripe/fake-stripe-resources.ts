import { stripeId } from './fake-stripe-ids';
import { formList, formString, formStrings, type FormTree } from './form-body';
import { FakeDisputes, type DisputeOptions, type FakeDispute } from './fake-stripe-disputes';

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

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  status: 'succeeded';
}

interface FakePaymentIntent {
  id: string;
  amount: number;
  amountRefunded: number;
  currency: string;
}

export interface FakeReply {
  status: number;
  body: unknown;
  /** Refused in validation, before anything was carried out: Stripe saves no answer under the request's key. */
  invalidParams?: true;
}

export { stripeId };

/** Stripe's error body: { error: { type, code?, param?, message } }. */
export function stripeError(status: number, type: string, message: string, code?: string, param?: string): FakeReply {
  return { status, body: { error: { type, message, ...(code ? { code } : {}), ...(param ? { param } : {}) } } };
}

const invalidParams = (message: string, code: string, param: string): FakeReply => ({
  ...stripeError(400, 'invalid_request_error', message, code, param),
  invalidParams: true,
});
const missing = (param: string) => invalidParams(`Missing required param: ${param}.`, 'parameter_missing', param);
const invalidInteger = (param: string) =>
  invalidParams(`Invalid integer: ${param}`, 'parameter_invalid_integer', param);
/** Stripe's own check of an address is stricter than a single `@`: the fake wants a dot in the domain. */
const invalidEmail = (email: string) =>
  invalidParams(`Invalid email address: ${email}`, 'email_invalid', 'customer_email');
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const noSuch = (kind: string, id: string, param = 'id') =>
  stripeError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', param);

const toInteger = (v: string | undefined) => (v !== undefined && /^\d+$/.test(v) ? Number(v) : null);

/** The objects a Stripe account holds, with the validation Stripe applies to the parameters we send. */
export class FakeStripeResources {
  readonly sessions = new Map<string, FakeCheckoutSession>();
  readonly refunds: FakeRefund[] = [];
  private readonly paymentIntents = new Map<string, FakePaymentIntent>();
  /** Payments Stripe will not refund (charged back, say), with the error code it answers. */
  private readonly refusedRefunds = new Map<string, string>();
  private readonly disputeBook: FakeDisputes;

  constructor(
    private readonly checkoutBase: () => string,
    private readonly nowSeconds: () => number,
  ) {
    this.disputeBook = new FakeDisputes(nowSeconds);
  }

  get disputes() {
    return this.disputeBook.all;
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
    const limit = params.limit === undefined ? 10 : toInteger(formString(params.limit));
    if (limit === null || limit < 1 || limit > 100) return invalidInteger('limit');
    const matches = [...this.sessions.values()].filter((s) => !intent || s.payment_intent === intent).reverse();
    const data = matches.slice(0, limit);
    return {
      status: 200,
      body: { object: 'list', data, has_more: matches.length > limit, url: '/v1/checkout/sessions' },
    };
  }

  /** The card's bank disputes the payment (a chargeback), as Stripe reports it. */
  disputePayment(intentId: string, options: DisputeOptions = {}): FakeDispute {
    const intent = this.paymentIntents.get(intentId);
    if (!intent) throw new Error(`No such payment_intent: '${intentId}'`);
    return this.disputeBook.open({ ...intent }, options);
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
    const intentId = formString(params.payment_intent);
    if (!intentId) return missing('payment_intent');
    const intent = this.paymentIntents.get(intentId);
    if (!intent) return noSuch('payment_intent', intentId, 'payment_intent');
    const refused = this.refusedRefunds.get(intentId);
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
    intent.amountRefunded += amount;
    const refund: FakeRefund = {
      id: stripeId('re'),
      object: 'refund',
      amount,
      created: this.nowSeconds(),
      currency: intent.currency,
      metadata: formStrings(params.metadata),
      payment_intent: intentId,
      reason: formString(params.reason) ?? null,
      status: 'succeeded',
    };
    this.refunds.push(refund);
    return { status: 200, body: refund };
  }

  /** From now on every refund of this payment is refused, as Stripe refuses one of a charge disputed by the bank. */
  refuseRefunds(intentId: string, code = 'charge_disputed') {
    this.refusedRefunds.set(intentId, code);
  }

  /** Refunds of this payment are taken again (the bank decided its chargeback for the seller, say). */
  allowRefunds(intentId: string) {
    this.refusedRefunds.delete(intentId);
  }

  /** Newest first, as Stripe lists; `payment_intent` filters, `limit` (1-100, default 10) pages. */
  listRefunds(params: FormTree): FakeReply {
    const intentId = formString(params.payment_intent);
    const limit = params.limit === undefined ? 10 : toInteger(formString(params.limit));
    if (limit === null || limit < 1 || limit > 100) return invalidInteger('limit');
    const after = formString(params.starting_after);
    let matches = this.refunds.filter((r) => !intentId || r.payment_intent === intentId).reverse();
    if (after) matches = matches.slice(matches.findIndex((r) => r.id === after) + 1);
    const data = matches.slice(0, limit);
    return {
      status: 200,
      body: { object: 'list', data, has_more: matches.length > limit, url: '/v1/refunds' },
    };
  }
}
