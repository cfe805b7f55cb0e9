import { mailLinks, type MailLinks } from '../../email/unsubscribe-links';
import type Stripe from 'stripe';
import type { FastifyBaseLogger } from 'fastify';
import { ERROR_CODES } from '@accountry/shared/api-error';
import { DAY_MS } from '@accountry/shared/durations';
import { ORDER_MESSAGES } from '@accountry/shared/order-messages';
import { AppError, badRequest } from '../../lib/app-error';
import { STRIPE_MESSAGES } from './stripe-messages';
import { STRIPE_CLEARING } from '../../lib/ledger';
import type { Clock } from '../../lib/clock';
import type { AppDeps } from '../../app';
import type { Database } from '../../db/database';
import type { OrdersTable, StripeRefundsTable } from '../../db/schema';
import { walkInBatches } from '../../lib/walk-in-batches';
import type {
  PaymentProvider,
  PaymentStart,
  PaymentStartResult,
  WebhookReport,
  WebhookRequest,
} from './payment-provider';
import { createStripeClient, stripeErrorSummary, stripeModule } from './stripe-client';
import { checkoutSessionFor } from './stripe-checkout';
import { disputesOfPayment } from './stripe-disputes';
import { firstParamsOf, forgetCheckoutRequest, forgetCheckoutRequests } from './checkout-requests.repository';
import { chargebackStatusOf, disputeFee, disputeFunds, paymentOrChargeback } from './stripe-webhook-report';
import { startPeriodicTask } from '../../lib/periodic-task';
import { publishOrderUpdatedOf } from './order-events';
import { StripeRefundSender } from './stripe-refund-sender';
import { claimRefund, dueRefunds, findRefundOwed, insertRefundOwed } from './stripe-refunds.repository';
import {
  findExpiryOwed,
  insertExpiryOwed,
  markExpirySettled,
  pendingExpiries,
  type ExpiryOwed,
} from './stripe-expiries.repository';

/** A refund that failed waits a minute, then twice as long after each failure, up to six hours between tries. */
const RETRY_FIRST_MS = 60_000;
const RETRY_MAX_MS = 6 * 3600_000;
export const refundRetryDelay = (attempts: number) =>
  Math.min(RETRY_FIRST_MS * 2 ** Math.min(attempts, 20), RETRY_MAX_MS);
/** A retry's claim on a refund: long past one try, after which another sweep may take it (a crash mid-try). */
const CLAIM_MS = 5 * 60_000;
/** How long Stripe holds an idempotency key to the parameters it was first sent with. */
const IDEMPOTENCY_KEY_LIFETIME_MS = DAY_MS;

/**
 * Stripe Checkout (decision 095): paying opens a hosted Checkout Session for the order's price; a signed
 * `checkout.session.completed` webhook confirms it; refunds go back to the card through Stripe's refunds.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;

  constructor(
    private readonly stripe: Stripe,
    private readonly webhookSecret: string,
    private readonly clock: Clock,
    private readonly db: Database,
    /** Tells an order's open pages it changed: a refund sent, refused or failed after the order's commit. */
    orderChanged: (orderId: string) => Promise<void>,
    private readonly logger: Pick<FastifyBaseLogger, 'warn' | 'info' | 'error'> | undefined,
    /** Where admins open an order, in the mail that tells them of a refund Stripe refused. */
    links: MailLinks,
  ) {
    this.refunds = new StripeRefundSender(stripe, clock, db, orderChanged, logger, links);
  }

  /** Sends the refunds owed, one try each. */
  private readonly refunds: StripeRefundSender;

  /** Stripe is down or refused our request: logged for operators; the buyer sees one calm message. */
  private unavailable(err: unknown): never {
    if (err instanceof AppError) throw err;
    this.logger?.warn({ stripe: stripeErrorSummary(err) }, 'Stripe request failed');
    throw new AppError(503, ERROR_CODES.unavailable, ORDER_MESSAGES.providerUnavailable);
  }

  async startPayment(start: PaymentStart): Promise<PaymentStartResult> {
    const session = await checkoutSessionFor(
      this.stripe,
      start,
      {
        firstParams: (key, params) => firstParamsOf(this.db, key, params, this.clock.now()),
        forget: (key, sent) => forgetCheckoutRequest(this.db, key, sent),
      },
      (err) => this.unavailable(err),
    );
    if (!session.url) throw new AppError(409, 'conflict', ORDER_MESSAGES.notPayable);
    return { status: 'redirect', url: session.url, providerRef: session.id };
  }

  sourceAccount(): string {
    return STRIPE_CLEARING;
  }

  refundAccount(): string {
    return STRIPE_CLEARING;
  }

  async parseWebhook({ rawBody, headers }: WebhookRequest): Promise<WebhookReport | null> {
    const signature = headers['stripe-signature'];
    if (typeof signature !== 'string' || !signature) throw badRequest(STRIPE_MESSAGES.badSignature);
    let event: Stripe.Event;
    try {
      // The server's clock decides the 5-minute tolerance, so a replay of an old delivery is refused.
      event = await this.stripe.webhooks.constructEventAsync(
        rawBody,
        signature,
        this.webhookSecret,
        undefined,
        undefined,
        this.clock.now(),
      );
    } catch {
      throw badRequest(STRIPE_MESSAGES.badSignature);
    }
    return paymentOrChargeback(this.stripe, event, (err) => this.unavailable(err));
  }

  /**
   * Owe the refund in the order's own transaction, then send it after the commit: if Stripe cannot take it now, the
   * order stays refunded in our ledger and `sendPendingRefunds` sends it later with the same idempotency key.
   */
  async oweRefund(trx: Database, order: OrdersTable, amountCents: number, idempotencyKey: string): Promise<void> {
    if (!order.providerRef) throw new Error(`Order ${order.id} has no Checkout Session to refund`);
    const owed = { idempotencyKey, orderId: order.id, sessionId: order.providerRef, amountCents };
    await insertRefundOwed(trx, { ...owed, createdAt: this.clock.now() });
  }

  async sendRefund(idempotencyKey: string): Promise<void> {
    const owed = await findRefundOwed(this.db, idempotencyKey);
    // The first try, right after the commit: if it fails, the sweep's next retry takes it at once.
    if (owed?.status === 'pending') await this.refunds.send(owed, owed.nextAttemptAt);
  }

  /**
   * Send up to `limit` refunds owed whose time has come (the retry after an outage), the longest due first; a failed
   * one is put back behind the others, so failing refunds cannot keep the rest waiting. Walked past each one read
   * (decision 241): one whose row cannot be written is logged, tried again next sweep, and holds back none. Returns
   * how many Stripe accepted.
   */
  async sendPendingRefunds(limit = 50): Promise<number> {
    let sent = 0;
    let taken = 0;
    const now = this.clock.now();
    await walkInBatches(
      limit,
      (after: StripeRefundsTable | undefined) =>
        taken < limit ? dueRefunds(this.db, now, limit - taken, after) : Promise.resolve([]),
      async (owed) => {
        taken++;
        if (!(await claimRefund(this.db, owed, now + CLAIM_MS))) return;
        if (await this.refunds.send(owed, now + refundRetryDelay(owed.attempts))) sent++;
      },
      (err, owed) =>
        this.logger?.error({ err, orderId: owed.orderId }, 'card refund owed not retried; tried again next sweep'),
    );
    return sent;
  }

  /** The buyer canceled or the order expired with its Checkout Session open: owe its expiry in that transaction. */
  async owePaymentClose(trx: Database, order: OrdersTable): Promise<void> {
    await insertExpiryOwed(trx, order.id, this.clock.now());
  }

  async closePayment(orderId: string): Promise<void> {
    const owed = await findExpiryOwed(this.db, orderId);
    if (owed) await this.expire(owed);
  }

  /** Forget the parameters of Checkout creates whose keys Stripe has forgotten (a day on); returns how many. */
  forgetOldCheckoutRequests(): Promise<number> {
    return forgetCheckoutRequests(this.db, this.clock.now() - IDEMPOTENCY_KEY_LIFETIME_MS);
  }

  /** Expire every session still owed (the retry on the order sweep); returns how many were settled. */
  async closeOwedPayments(limit = 50): Promise<number> {
    let settled = 0;
    for (const owed of await pendingExpiries(this.db, limit)) if (await this.expire(owed)) settled++;
    return settled;
  }

  async checkChargeback(id: string) {
    const dispute = await this.stripe.disputes.retrieve(id);
    return { status: chargebackStatusOf(dispute), fee: disputeFee(dispute), funds: disputeFunds(dispute) };
  }

  paymentDisputes(providerRef: string) {
    return disputesOfPayment(this.stripe, providerRef).catch((err: unknown) => this.unavailable(err));
  }

  /** Expire the session so it can no longer be paid; never throws (the cancel or expiry is already committed). */
  private async expire(owed: ExpiryOwed) {
    try {
      if (owed.providerRef)
        // One key per order: the request after the commit and a sweep's retry racing it expire the session once.
        await this.stripe.checkout.sessions.expire(owed.providerRef, {}, { idempotencyKey: `expire:${owed.id}` });
    } catch (err) {
      // Stripe refuses only a session that is no longer open (paid: that late payment is refunded by its webhook).
      if (err instanceof stripeModule().errors.StripeInvalidRequestError)
        this.logger?.info({ orderId: owed.id, stripe: stripeErrorSummary(err) }, 'Checkout Session was not open');
      else {
        this.logger?.warn(
          { orderId: owed.id, stripe: stripeErrorSummary(err) },
          'Checkout Session not expired yet; it will be retried',
        );
        return false;
      }
    }
    return markExpirySettled(this.db, owed);
  }
}

/** The `stripe` entry of the provider factory: the client, and the retry of refunds owed on the sweep interval. */
export function stripePaymentProvider(deps: AppDeps): StripePaymentProvider {
  const settings = deps.config.stripe;
  if (!settings) throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  const provider = new StripePaymentProvider(
    createStripeClient(settings),
    settings.webhookSecret,
    deps.clock,
    deps.db.db,
    (orderId) => publishOrderUpdatedOf(deps, orderId),
    deps.log,
    mailLinks(deps),
  );
  // Refunds Stripe could not take at once are tried again on the order sweep's beat; old create parameters go.
  const stop = startPeriodicTask(
    deps.config.orders.sweepIntervalMs,
    async () => {
      await provider.sendPendingRefunds();
      await provider.forgetOldCheckoutRequests();
    },
    (err) => deps.log.error({ err }, 'Stripe upkeep (pending refunds, old Checkout requests) failed'),
  );
  deps.onClose.push(stop);
  return provider;
}
