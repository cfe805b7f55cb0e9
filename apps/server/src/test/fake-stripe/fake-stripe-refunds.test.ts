import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeStripe } from './fake-stripe';

const apiKey = 'sk_test_fake_key';

describe('FakeStripe refunds through the official stripe client', () => {
  let fake: FakeStripe;
  let stripe: Stripe;

  beforeAll(async () => {
    fake = await FakeStripe.start({ apiKey, webhookSecret: 'whsec_fake_secret' });
    stripe = new Stripe(apiKey, { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0 });
  });
  afterAll(() => fake.close());

  const sessionParams = (amount: number): Stripe.Checkout.SessionCreateParams => ({
    mode: 'payment',
    line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: amount, product_data: { name: 'Acc' } } }],
    success_url: 'http://localhost/orders/order-1',
  });
  /** A payment of `amount` made through a completed Checkout Session: its PaymentIntent's id. */
  async function paidIntent(amount: number) {
    const session = await stripe.checkout.sessions.create(sessionParams(amount));
    return (fake.completeSession(session.id).data.object as Stripe.Checkout.Session).payment_intent as string;
  }

  it('refunds a paid session once, up to its amount', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams(2_000));
    const event = fake.completeSession(session.id);
    const paid = event.data.object as Stripe.Checkout.Session;
    expect(paid).toMatchObject({ status: 'complete', payment_status: 'paid' });
    await expect(
      stripe.refunds.create({ payment_intent: paid.payment_intent as string, amount: 2_001 }),
    ).rejects.toMatchObject({ code: 'amount_too_large' });
    const part = await stripe.refunds.create({ payment_intent: paid.payment_intent as string, amount: 500 });
    expect(part).toMatchObject({ amount: 500, status: 'succeeded', currency: 'usd' });
    const rest = await stripe.refunds.create({ payment_intent: paid.payment_intent as string });
    expect(rest.amount).toBe(1_500);
    await expect(stripe.refunds.create({ payment_intent: paid.payment_intent as string })).rejects.toMatchObject({
      code: 'charge_already_refunded',
    });
  });

  it('refuses every refund of a payment it was told to refuse, with the code given', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams(2_000));
    const paid = fake.completeSession(session.id).data.object as Stripe.Checkout.Session;
    fake.resources.refuseRefunds(paid.payment_intent as string);
    await expect(stripe.refunds.create({ payment_intent: paid.payment_intent as string })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'charge_disputed',
    });
    expect(fake.resources.refunds.filter((r) => r.payment_intent === paid.payment_intent)).toEqual([]);
  });

  it('lists the refunds of a payment newest first, page by page', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams(900));
    const intent = (fake.completeSession(session.id).data.object as Stripe.Checkout.Session).payment_intent as string;
    for (const amount of [100, 200, 300])
      await stripe.refunds.create({ payment_intent: intent, amount, metadata: { n: String(amount) } });
    const listed: number[] = [];
    for await (const refund of stripe.refunds.list({ payment_intent: intent, limit: 2 })) listed.push(refund.amount);
    expect(listed).toEqual([300, 200, 100]);
  });

  it('creates the refunds it was told to fail as failed or canceled, and they leave the payment refundable', async () => {
    const intent = await paidIntent(2_000);
    fake.resources.failNextRefunds(intent, 'failed', 'lost_or_stolen_card');
    fake.resources.failNextRefunds(intent, 'canceled');
    const failed = await stripe.refunds.create({ payment_intent: intent, metadata: { refund_key: 'k1' } });
    expect(failed).toMatchObject({ amount: 2_000, status: 'failed', failure_reason: 'lost_or_stolen_card' });
    const canceled = await stripe.refunds.create({ payment_intent: intent, amount: 500 });
    expect(canceled).toMatchObject({ amount: 500, status: 'canceled' });
    expect(canceled.failure_reason).toBeUndefined();
    // Neither reached the card: the whole payment can still be refunded.
    expect(await stripe.refunds.create({ payment_intent: intent })).toMatchObject({
      amount: 2_000,
      status: 'succeeded',
    });
    const listed = [];
    for await (const r of stripe.refunds.list({ payment_intent: intent })) listed.push(r.status);
    expect(listed).toEqual(['succeeded', 'canceled', 'failed']);
  });

  it('fails a refund it took with the refund.failed event, and gives its amount back to the payment', async () => {
    const intent = await paidIntent(2_000);
    const refund = await stripe.refunds.create({ payment_intent: intent, amount: 1_200 });
    const event = fake.failRefund(refund.id, 'expired_or_canceled_card');
    expect(event).toMatchObject({
      type: 'refund.failed',
      data: {
        object: { id: refund.id, status: 'failed', failure_reason: 'expired_or_canceled_card', payment_intent: intent },
      },
    });
    const [listed] = (await stripe.refunds.list({ payment_intent: intent, limit: 1 })).data;
    expect(listed).toMatchObject({ id: refund.id, status: 'failed', failure_reason: 'expired_or_canceled_card' });
    expect(await stripe.refunds.create({ payment_intent: intent })).toMatchObject({ amount: 2_000 });
    expect(() => fake.failRefund(refund.id, 'unknown')).toThrow(`Refund ${refund.id} is failed`);
  });
});
