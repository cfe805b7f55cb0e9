import type { MailLinks } from '../../email/unsubscribe-links';
import type Stripe from 'stripe';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../db/database';
import type { StripeRefundsTable } from '../../db/schema';
import { stripeErrorSummary, stripeModule } from './stripe-client';
import { queueRefusedRefundAdminMail } from './admin-task-mails';
import { markRefundFailed, markRefundRefused, markRefundSent } from './stripe-refunds.repository';
import { isFailedRefundStatus, refundFailureText } from './refund-failure-text';

export type RefundToSend = Pick<
  StripeRefundsTable,
  'idempotencyKey' | 'orderId' | 'sessionId' | 'amountCents' | 'attempts' | 'adminRetries' | 'stripeRefundId'
>;

/** Whether a try sent the refund, and whether it recorded its outcome (false when another try got there first). */
type TryOutcome = { sent: boolean; recorded: boolean };

/** Added to the failure when Stripe answers a refund asked again that the payment is already refunded in full. */
const PAYMENT_REFUNDED_ANYWAY =
  "Stripe also answers that the payment is already refunded in full: look at it in Stripe's dashboard before " +
  'paying the buyer back.';

/** Stripe's answer to a refund of a payment refunded in full already. */
const isAlreadyRefunded = (err: unknown) =>
  err instanceof stripeModule().errors.StripeInvalidRequestError && err.code === 'charge_already_refunded';

/**
 * The key Stripe's refund request carries. Stripe answers a repeated key with its first answer for 24 hours, a refusal
 * too, so each admin's retry of a refused refund asks under a key of its own; the look-up by `refund_key` in the
 * metadata before it (the refusal counted an attempt) keeps a refund made under an earlier key from going twice.
 */
const stripeRefundKey = (owed: RefundToSend) =>
  owed.adminRetries > 0 ? `refund:${owed.idempotencyKey}:retry-${owed.adminRetries}` : `refund:${owed.idempotencyKey}`;

/**
 * One try of a card refund owed through Stripe (decision 095): sent, failed for now (tried again later), or refused
 * for good (set aside for an admin), as is one Stripe made failed or canceled (decision 234). The provider decides
 * when; this says how.
 */
export class StripeRefundSender {
  constructor(
    private readonly stripe: Stripe,
    private readonly clock: Clock,
    private readonly db: Database,
    /** Tells the order's open pages (`publishOrderUpdatedOf`) that a try changed its refund. */
    private readonly orderChanged: (orderId: string) => Promise<void>,
    private readonly logger: Pick<FastifyBaseLogger, 'warn' | 'error'> | undefined,
    private readonly links: MailLinks,
  ) {}

  /** Set a refund aside for an admin, who is mailed in the same transaction (decision 186); false if not pending. */
  private refuse(owed: RefundToSend, error: string, stripeRefundId?: string) {
    return this.db.transaction().execute(async (trx) => {
      if (!(await markRefundRefused(trx, owed.idempotencyKey, error, stripeRefundId))) return false;
      const refused = { orderId: owed.orderId, amountCents: owed.amountCents, error: error.slice(0, 500) };
      await queueRefusedRefundAdminMail(trx, this.links, refused, this.clock.now());
      return true;
    });
  }

  /**
   * A try whose answer was lost may have refunded: Stripe forgets the idempotency key after 24 hours, so a later retry
   * looks for the refund by the key in its metadata before asking again (a partial refund would otherwise go twice).
   * One that failed or was canceled does not count (decision 234); kept apart, since a replay of the key's first
   * answer still shows it as Stripe first made it.
   */
  private async refundsUnderKey(intent: string, key: string) {
    let standing: Stripe.Refund | undefined;
    const failed = new Map<string, Stripe.Refund>();
    for await (const refund of this.stripe.refunds.list({ payment_intent: intent, limit: 100 })) {
      if (refund.metadata?.refund_key !== key) continue;
      if (isFailedRefundStatus(refund.status)) failed.set(refund.id, refund);
      else standing ??= refund;
    }
    return { standing, failed };
  }

  /**
   * Send one refund; if it fails for now, it is tried again no sooner than `retryAt`. Whatever the try recorded (sent,
   * refused, failed for now) is published to the order's open pages after it committed (decision 211).
   */
  async send(owed: RefundToSend, retryAt: number) {
    const { sent, recorded } = await this.attempt(owed, retryAt).catch((err: unknown) =>
      this.unrecorded(owed, err, retryAt),
    );
    if (recorded) await this.orderChanged(owed.orderId);
    return sent;
  }

  /**
   * A try that could not record its outcome (Stripe's refusal, whose admin mail could not be queued, say) counts as a
   * failed one: tried again later, each time later still, and holding back no other refund of the sweep.
   */
  private async unrecorded(owed: RefundToSend, err: unknown, retryAt: number): Promise<TryOutcome> {
    const error = err instanceof Error ? err.message : String(err);
    this.logger?.error(
      { orderId: owed.orderId, error },
      'A refund try could not record its outcome; it will be retried',
    );
    return { sent: false, recorded: await markRefundFailed(this.db, owed.idempotencyKey, error, retryAt) };
  }

  /** One try, and whether it recorded its outcome on the refund (false when another try got there first). */
  private async attempt(owed: RefundToSend, retryAt: number): Promise<TryOutcome> {
    let intent: string | undefined;
    try {
      const session = await this.stripe.checkout.sessions.retrieve(owed.sessionId);
      intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      if (!intent) throw new Error(`Checkout Session ${session.id} has no payment`);
      const earlier = owed.attempts > 0 ? await this.refundsUnderKey(intent, owed.idempotencyKey) : undefined;
      const refund =
        earlier?.standing ??
        (await this.stripe.refunds.create(
          {
            payment_intent: intent,
            amount: owed.amountCents,
            reason: 'requested_by_customer',
            metadata: { order_id: owed.orderId, refund_key: owed.idempotencyKey },
          },
          { idempotencyKey: stripeRefundKey(owed) },
        ));
      // Made failed or canceled, or replayed as made while it failed since: it never reached the card (decision 234).
      const current = earlier?.failed.get(refund.id) ?? refund;
      if (isFailedRefundStatus(current.status)) {
        const taken = !isFailedRefundStatus(refund.status);
        return this.refused(owed, refund.id, refundFailureText(current.status, current.failure_reason, taken));
      }
      return this.sent(owed, refund.id);
    } catch (err) {
      if (intent && isAlreadyRefunded(err)) return this.alreadyRefunded(owed, intent, retryAt);
      return this.failed(owed, err, retryAt);
    }
  }

  /**
   * Asked again after Stripe forgot the idempotency key (24 h), Stripe answers that the money is already back: by the
   * refund an earlier try of ours made under the key, when there is one. That one is recorded, so a failure of it later
   * reaches an admin (decision 234); failed by now, it is refused as one made failed is. None of ours (the payment
   * refunded in Stripe's dashboard, say), or only the failure an admin already retried after, is sent with no id.
   */
  private async alreadyRefunded(owed: RefundToSend, intent: string, retryAt: number): Promise<TryOutcome> {
    try {
      const { standing, failed } = await this.refundsUnderKey(intent, owed.idempotencyKey);
      if (standing) return this.sent(owed, standing.id);
      // Listed newest first: the last refund of ours, all of them failed or canceled.
      const [last] = failed.values();
      if (last && last.id !== owed.stripeRefundId && isFailedRefundStatus(last.status)) {
        const error = `${refundFailureText(last.status, last.failure_reason, false)} ${PAYMENT_REFUNDED_ANYWAY}`;
        return this.refused(owed, last.id, error);
      }
      return this.sent(owed, null);
    } catch (err) {
      return this.failed(owed, err, retryAt);
    }
  }

  private async sent(owed: RefundToSend, stripeRefundId: string | null): Promise<TryOutcome> {
    return {
      sent: true,
      recorded: await markRefundSent(this.db, owed.idempotencyKey, stripeRefundId, this.clock.now()),
    };
  }

  /** Stripe made the refund but it never reached the card: set aside for an admin with Stripe's refund id. */
  private async refused(owed: RefundToSend, stripeRefundId: string, error: string): Promise<TryOutcome> {
    const refused = await this.refuse(owed, error, stripeRefundId);
    if (refused) this.logger?.error({ orderId: owed.orderId, refund: stripeRefundId, error }, 'A Stripe refund failed');
    return { sent: false, recorded: refused };
  }

  /** Stripe refused the request, or could not be asked: set aside for an admin, or tried again later. */
  private async failed(owed: RefundToSend, err: unknown, retryAt: number): Promise<TryOutcome> {
    const error = err instanceof Error ? err.message : String(err);
    // Stripe refuses the refund itself (the charge disputed, say): asking again would not change its answer.
    if (err instanceof stripeModule().errors.StripeInvalidRequestError) {
      const refused = await this.refuse(owed, error);
      if (refused)
        this.logger?.error(
          { orderId: owed.orderId, stripe: stripeErrorSummary(err) },
          'Stripe refused a refund; it waits for an admin',
        );
      return { sent: false, recorded: refused };
    }
    this.logger?.warn(
      { orderId: owed.orderId, stripe: stripeErrorSummary(err) },
      'Stripe refund not sent yet; it will be retried',
    );
    return { sent: false, recorded: await markRefundFailed(this.db, owed.idempotencyKey, error, retryAt) };
  }
}
