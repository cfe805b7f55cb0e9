import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeStripe } from './fake-stripe';
import { parseFormBody } from './form-body';

const apiKey = 'sk_test_fake_key';
const webhookSecret = 'whsec_fake_secret';

describe('parseFormBody', () => {
  it.each([
    ['a=1&b=x%20y', { a: '1', b: 'x y' }],
    ['metadata[order_id]=o1', { metadata: { order_id: 'o1' } }],
    ['line_items[0][price_data][unit_amount]=500', { line_items: { 0: { price_data: { unit_amount: '500' } } } }],
    ['line_items%5B1%5D%5Bquantity%5D=2', { line_items: { 1: { quantity: '2' } } }],
  ])('%s', (body, tree) => expect(parseFormBody(body)).toEqual(tree));

  it('refuses a key that is both a value and a parent', () => {
    expect(() => parseFormBody('a=1&a[b]=2')).toThrow('Invalid parameter name: a[b]');
  });
});

describe('FakeStripe through the official stripe client', () => {
  let fake: FakeStripe;
  let stripe: Stripe;
  const received: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];
  let hook: http.Server;

  beforeAll(async () => {
    hook = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.end('{"received":true}');
      });
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
    fake = await FakeStripe.start({
      apiKey,
      webhookSecret,
      webhookUrl: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`,
    });
    stripe = new Stripe(apiKey, { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0 });
  });
  afterAll(async () => {
    await fake.close();
    await new Promise<void>((r) => hook.close(() => r()));
  });

  const sessionParams = (amount: number): Stripe.Checkout.SessionCreateParams => ({
    mode: 'payment',
    client_reference_id: 'order-1',
    metadata: { order_id: 'order-1' },
    line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: amount, product_data: { name: 'Acc' } } }],
    success_url: 'http://localhost/orders/order-1?checkout={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://localhost/orders/order-1',
  });

  it('creates and retrieves a Checkout Session, form-encoded with bracket notation', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams(12_345));
    expect(session).toMatchObject({ amount_total: 12_345, currency: 'usd', status: 'open', payment_status: 'unpaid' });
    expect(session.client_reference_id).toBe('order-1');
    expect(session.metadata).toEqual({ order_id: 'order-1' });
    expect(session.success_url).toBe(`http://localhost/orders/order-1?checkout=${session.id}`);
    expect(session.url).toBe(`${fake.url}/c/pay/${session.id}`);
    const request = fake.requests.at(-1)!;
    expect(request.params.line_items).toEqual({
      0: { quantity: '1', price_data: { currency: 'usd', unit_amount: '12345', product_data: { name: 'Acc' } } },
    });
    expect(request.idempotencyKey).toBeTruthy();
    const again = await stripe.checkout.sessions.retrieve(session.id);
    expect(again.id).toBe(session.id);
  });

  it('answers with Stripe error classes and messages', async () => {
    await expect(stripe.checkout.sessions.retrieve('cs_test_nope')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
      message: "No such checkout.session: 'cs_test_nope'",
    });
    const { success_url: _omit, ...noSuccess } = sessionParams(100);
    await expect(stripe.checkout.sessions.create(noSuccess)).rejects.toMatchObject({
      code: 'parameter_missing',
      param: 'success_url',
    });
    const wrongKey = new Stripe('sk_test_wrong', { host: '127.0.0.1', port: fake.port, protocol: 'http' });
    await expect(wrongKey.checkout.sessions.create(sessionParams(100))).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
      statusCode: 401,
    });
  });

  it('keeps no answer under a key for a request refused as invalid, so the key goes through with others', async () => {
    const refused = { ...sessionParams(700), customer_email: 'buyer@localhost' };
    await expect(stripe.checkout.sessions.create(refused, { idempotencyKey: 'k-invalid' })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'email_invalid',
      param: 'customer_email',
      message: 'Invalid email address: buyer@localhost',
    });
    const corrected = { ...sessionParams(700), customer_email: 'buyer@example.com' };
    const made = await stripe.checkout.sessions.create(corrected, { idempotencyKey: 'k-invalid' });
    expect(made.customer_email).toBe('buyer@example.com');
  });

  it('replays an idempotent request and refuses the key with other parameters', async () => {
    const first = await stripe.checkout.sessions.create(sessionParams(500), { idempotencyKey: 'k1' });
    const replay = await stripe.checkout.sessions.create(sessionParams(500), { idempotencyKey: 'k1' });
    expect(replay.id).toBe(first.id);
    await expect(stripe.checkout.sessions.create(sessionParams(501), { idempotencyKey: 'k1' })).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
    });
  });

  it('replays the first answer as it was sent, not the object as it is now', async () => {
    const first = await stripe.checkout.sessions.create(sessionParams(600), { idempotencyKey: 'k-snapshot' });
    fake.completeSession(first.id);
    const replay = await stripe.checkout.sessions.create(sessionParams(600), { idempotencyKey: 'k-snapshot' });
    expect(replay).toMatchObject({ id: first.id, status: 'open', url: first.url });
    expect(await stripe.checkout.sessions.retrieve(first.id)).toMatchObject({ status: 'complete', url: null });
  });

  it('lists the disputes of a payment newest first, page by page, as Stripe lists them', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams(3_000));
    const intent = (fake.completeSession(session.id).data.object as Stripe.Checkout.Session).payment_intent as string;
    const other = await stripe.checkout.sessions.create(sessionParams(3_000));
    const otherIntent = (fake.completeSession(other.id).data.object as Stripe.Checkout.Session).payment_intent;
    expect((await stripe.disputes.list({ payment_intent: intent })).data).toEqual([]);
    const first = (fake.chargeback(intent, { amount: 1_000 }).data.object as Stripe.Dispute).id;
    fake.chargeback(otherIntent as string);
    const second = (fake.chargeback(intent, 'product_not_received').data.object as Stripe.Dispute).id;
    fake.closeChargeback(first, 'lost');
    const page = await stripe.disputes.list({ payment_intent: intent, limit: 1 });
    expect(page).toMatchObject({ object: 'list', has_more: true, url: '/v1/disputes' });
    expect(page.data.map((d) => [d.id, d.status, d.payment_intent])).toEqual([[second, 'needs_response', intent]]);
    const all: Array<[string, string, number]> = [];
    for await (const d of stripe.disputes.list({ payment_intent: intent, limit: 1 }))
      all.push([d.id, d.status, d.amount]);
    expect(all).toEqual([
      [second, 'needs_response', 3_000],
      [first, 'lost', 1_000],
    ]);
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: '/v1/disputes',
      params: { payment_intent: intent, limit: '1', starting_after: second },
    });
    await expect(stripe.disputes.list({ payment_intent: intent, limit: 101 })).rejects.toMatchObject({
      code: 'parameter_invalid_integer',
      param: 'limit',
    });
  });

  it('carries out a request whose answer is lost, and forgets an idempotency key after 24 hours', async () => {
    let now = Date.now();
    const clocked = await FakeStripe.start({ apiKey, webhookSecret, now: () => now });
    const client = new Stripe(apiKey, {
      host: '127.0.0.1',
      port: clocked.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    try {
      const session = await client.checkout.sessions.create(sessionParams(1_000));
      const paid = clocked.completeSession(session.id).data.object as Stripe.Checkout.Session;
      const refund = { payment_intent: paid.payment_intent as string, amount: 400 };
      // The client tries a closed connection once more even with retries off: both answers are lost.
      clocked.loseAnswers('/v1/refunds', 2);
      await expect(client.refunds.create(refund, { idempotencyKey: 'r1' })).rejects.toMatchObject({
        type: 'StripeConnectionError',
      });
      expect(clocked.resources.refunds.map((r) => r.amount)).toEqual([400]);
      await client.refunds.create(refund, { idempotencyKey: 'r1' });
      expect(clocked.resources.refunds.map((r) => r.amount)).toEqual([400]);
      now += 24 * 3600_000 + 1;
      await client.refunds.create(refund, { idempotencyKey: 'r1' });
      expect(clocked.resources.refunds.map((r) => r.amount)).toEqual([400, 400]);
    } finally {
      await clocked.close();
    }
  });

  const notOpen = (status: string) =>
    'Only Checkout Sessions with a status in ["open"] can be expired. ' +
    `This Checkout Session has a status of "${status}".`;

  it('expires an open session, which can then no longer be paid, and refuses to expire a completed one', async () => {
    const open = await stripe.checkout.sessions.create(sessionParams(1_500));
    const expired = await stripe.checkout.sessions.expire(open.id);
    expect(expired).toMatchObject({ id: open.id, status: 'expired', url: null, payment_status: 'unpaid' });
    const page = await fetch(`${fake.url}/c/pay/${open.id}`, { method: 'POST', redirect: 'manual' });
    expect(page.status).toBe(404);
    expect(() => fake.completeSession(open.id)).toThrow(`Checkout session ${open.id} is expired`);
    await expect(stripe.checkout.sessions.expire(open.id)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      message: notOpen('expired'),
    });
    const paid = await stripe.checkout.sessions.create(sessionParams(1_600));
    fake.completeSession(paid.id);
    await expect(stripe.checkout.sessions.expire(paid.id)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      message: notOpen('complete'),
    });
    expect((await stripe.checkout.sessions.retrieve(paid.id)).status).toBe('complete');
    await expect(stripe.checkout.sessions.expire('cs_test_missing')).rejects.toMatchObject({
      code: 'resource_missing',
      statusCode: 404,
    });
  });

  it('signs webhooks so the official package accepts them, and only with the right secret', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams(700));
    await fake.deliver(fake.completeSession(session.id));
    const { headers, body } = received.at(-1)!;
    const event = stripe.webhooks.constructEvent(body, headers['stripe-signature'] as string, webhookSecret);
    expect(event.type).toBe('checkout.session.completed');
    expect((event.data.object as Stripe.Checkout.Session).id).toBe(session.id);
    expect(() => stripe.webhooks.constructEvent(body, headers['stripe-signature'] as string, 'whsec_other')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  it('fails like Stripe during an incident, and the client retries with the same idempotency key', async () => {
    const retrying = new Stripe(apiKey, { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 1 });
    fake.failNext(1, 500);
    const before = fake.requests.length;
    const session = await retrying.checkout.sessions.create(sessionParams(900));
    expect(session.amount_total).toBe(900);
    const [failed, retried] = fake.requests.slice(before);
    expect(retried.idempotencyKey).toBe(failed.idempotencyKey);
    fake.failNext(1, 503);
    await expect(stripe.checkout.sessions.create(sessionParams(900))).rejects.toMatchObject({
      type: 'StripeAPIError',
      statusCode: 503,
    });
    fake.setDown(true);
    await expect(stripe.checkout.sessions.create(sessionParams(900))).rejects.toMatchObject({
      type: 'StripeConnectionError',
    });
    fake.setDown(false);
    expect(fake.requests.length).toBe(before + 3);
  });
});
