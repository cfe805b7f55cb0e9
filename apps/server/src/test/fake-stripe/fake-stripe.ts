import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac } from 'node:crypto';
import { FormBodyError, parseFormBody, type FormTree } from './form-body';
import {
  FakeStripeResources,
  stripeError,
  stripeId,
  type DisputeOptions,
  type FakeReply,
} from './fake-stripe-resources';
import { checkoutPage } from './fake-checkout-page';
import { routeApi } from './fake-stripe-routes';

/** Stripe forgets an idempotency key after 24 hours: a request with it then runs again. */
const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 3600_000;

export interface FakeStripeOptions {
  apiKey: string;
  webhookSecret: string;
  /** Where completed sessions are announced (our server's webhook route). */
  webhookUrl?: string;
  /** Milliseconds since the epoch; tests pass their manual clock so signatures match the server's time. */
  now?: () => number;
  port?: number;
}

export interface FakeRequest {
  method: string;
  path: string;
  params: FormTree;
  idempotencyKey?: string;
}

export interface FakeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: unknown };
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: string;
}

/**
 * A local stand-in for Stripe's HTTP API on 127.0.0.1: the Checkout Session, Refund and Dispute endpoints our provider
 * uses, form-encoded bodies, Stripe's error shapes, idempotency keys, a hosted checkout page, and signed webhooks.
 */
export class FakeStripe {
  readonly requests: FakeRequest[] = [];
  readonly resources: FakeStripeResources;
  webhookUrl?: string;
  /** Runs before an API request is answered (what happens elsewhere while Stripe is working). */
  beforeAnswer?: (method: string, path: string) => Promise<void>;
  private readonly idempotent = new Map<string, { fingerprint: string; reply: FakeReply; at: number }>();
  private failures: number[] = [];
  private lostAnswers: { path: string; count: number } | null = null;
  private down = false;
  private readonly now: () => number;

  private constructor(
    private readonly server: http.Server,
    private readonly options: FakeStripeOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.webhookUrl = options.webhookUrl;
    this.resources = new FakeStripeResources(
      () => this.url,
      () => Math.floor(this.now() / 1000),
    );
  }

  static async start(options: FakeStripeOptions): Promise<FakeStripe> {
    const server = http.createServer();
    const fake = new FakeStripe(server, options);
    server.on('request', (req, res) => void fake.handle(req, res));
    await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
    return fake;
  }

  get port() {
    return (this.server.address() as AddressInfo).port;
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The next `count` API requests fail with `status` (Stripe's api_error), as during an incident. */
  failNext(count: number, status = 500) {
    this.failures.push(...Array<number>(count).fill(status));
  }

  /** The next `count` requests to `path` are carried out but their answers never arrive (a connection lost mid-reply). */
  loseAnswers(path: string, count: number) {
    this.lostAnswers = { path, count };
  }

  /** While down, connections are dropped before any answer, as when Stripe cannot be reached. */
  setDown(down: boolean) {
    this.down = down;
  }

  event(type: string, object: unknown): FakeEvent {
    return {
      id: stripeId('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(this.now() / 1000),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
  }

  /** The customer pays: the session completes and its `checkout.session.completed` event is returned, unsent. */
  completeSession(sessionId: string): FakeEvent {
    return this.event('checkout.session.completed', this.resources.completeSession(sessionId));
  }

  /** The card's bank disputes the payment: the `charge.dispute.created` event, unsent (the dispute as it is now). */
  chargeback(intentId: string, options?: string | DisputeOptions): FakeEvent {
    const dispute = this.resources.disputePayment(
      intentId,
      typeof options === 'string' ? { reason: options } : options,
    );
    return this.event('charge.dispute.created', structuredClone(dispute));
  }

  /** The bank decides: the `charge.dispute.closed` event, unsent (the dispute as it is now). */
  closeChargeback(disputeId: string, status: 'won' | 'lost' | 'warning_closed', feeReturned?: boolean): FakeEvent {
    return this.event(
      'charge.dispute.closed',
      structuredClone(this.resources.closeDispute(disputeId, status, feeReturned)),
    );
  }

  /** A refund Stripe took fails afterwards: the `refund.failed` event, unsent (the refund as it is now). */
  failRefund(refundId: string, failureReason = 'expired_or_canceled_card'): FakeEvent {
    return this.event('refund.failed', structuredClone(this.resources.failRefund(refundId, failureReason)));
  }

  /** Stripe's `Stripe-Signature` header: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload" keyed by the secret>. */
  sign(payload: string, secret = this.options.webhookSecret, timestamp = Math.floor(this.now() / 1000)) {
    const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
    return `t=${timestamp},v1=${signature}`;
  }

  /**
   * POST the event to the webhook URL as Stripe does. To forge: `secret` signs with another key, `payload` sends other
   * bytes, `signFor` signs other bytes than those sent.
   */
  async deliver(event: FakeEvent, options: { secret?: string; payload?: string; signFor?: string } = {}) {
    if (!this.webhookUrl) throw new Error('FakeStripe has no webhookUrl');
    const payload = options.payload ?? JSON.stringify(event, null, 2);
    const response = await fetch(this.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': this.sign(options.signFor ?? payload, options.secret),
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body: payload,
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
  }

  async close() {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    if (this.down) return req.socket.destroy();
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', this.url);
    const body = Buffer.concat(chunks).toString('utf8');
    if (url.pathname.startsWith('/c/pay/')) return this.hostedPage(req.method ?? 'GET', url.pathname.slice(7), res);
    await this.beforeAnswer?.(req.method ?? 'GET', url.pathname);
    const reply = this.api(req, url, body);
    if (this.lostAnswers?.path === url.pathname && this.lostAnswers.count > 0) {
      this.lostAnswers.count--;
      return req.socket.destroy();
    }
    res.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': stripeId('req') });
    res.end(JSON.stringify(reply.body));
  }

  private api(req: http.IncomingMessage, url: URL, body: string): FakeReply {
    // Stripe takes the key as a bearer token or as the Basic-auth user name (curl -u sk_test_…:).
    const [scheme, credential = ''] = (req.headers.authorization ?? '').split(' ');
    const key = scheme === 'Basic' ? Buffer.from(credential, 'base64').toString().split(':')[0] : credential;
    if (key !== this.options.apiKey)
      return stripeError(401, 'invalid_request_error', `Invalid API Key provided: ${key.slice(0, 8)}****`);
    let params: FormTree;
    try {
      params = parseFormBody(req.method === 'GET' ? url.search.slice(1) : body);
    } catch (err) {
      if (err instanceof FormBodyError) return stripeError(400, 'invalid_request_error', err.message);
      throw err;
    }
    const method = req.method ?? 'GET';
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    this.requests.push({ method, path: url.pathname, params, ...(idempotencyKey ? { idempotencyKey } : {}) });
    const failure = this.failures.shift();
    if (failure) return stripeError(failure, 'api_error', 'An unknown error occurred');
    if (method !== 'POST' || !idempotencyKey) return routeApi(this.resources, method, url.pathname, params);
    // Stripe replays the first answer for a repeated key and refuses the key with other parameters, for 24 hours.
    const fingerprint = `${method} ${url.pathname} ${body}`;
    const remembered = this.idempotent.get(idempotencyKey);
    const seen = remembered && this.now() - remembered.at < IDEMPOTENCY_KEY_LIFETIME_MS ? remembered : undefined;
    if (seen && seen.fingerprint !== fingerprint)
      return stripeError(
        400,
        'idempotency_error',
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
      );
    if (seen) return seen.reply;
    const reply = routeApi(this.resources, method, url.pathname, params);
    // Stripe saves the answer it sent: a replay does not show what became of the object since.
    const saved = { status: reply.status, body: structuredClone(reply.body) };
    // Stripe keeps no answer for a request it refused before carrying it out (invalid parameters), nor for its failures.
    if (reply.status < 500 && !reply.invalidParams)
      this.idempotent.set(idempotencyKey, { fingerprint, reply: saved, at: this.now() });
    return reply;
  }

  /** The hosted payment page: GET shows it, POST pays, announces the event and returns to the success URL. */
  private async hostedPage(method: string, sessionId: string, res: http.ServerResponse) {
    const session = this.resources.sessions.get(sessionId);
    if (!session || session.status !== 'open') {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end('This checkout session is no longer available.');
    }
    if (method !== 'POST') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(checkoutPage(session));
    }
    const event = this.completeSession(sessionId);
    if (this.webhookUrl) await this.deliver(event).catch(() => undefined);
    res.writeHead(303, { location: session.success_url });
    res.end();
  }
}
