import { startPeriodicTask } from '../../lib/periodic-task';
import type { OrderAction } from '@accountry/shared/order-state';
import { AppError } from '../../lib/app-error';
import type { OrdersContext } from './orders-context';
import { moveOrder } from './order-transitions';
import { queueReminderMail } from './order-mails';
import { sweepOffers } from './offer-sweep';
import { checkOpenChargebacks } from './chargeback-check';
import { pastKeyset, walkInBatches } from '../../lib/walk-in-batches';

const BATCH = 100;

interface DuePosition {
  dueAt: number;
  id: string;
}

export interface SweepResult {
  moved: number;
  reminded: number;
  erased: number;
  /** Payment pages of unpaid orders closed at the provider after an earlier attempt failed. */
  closed: number;
  /** Offers that lapsed, and buyers reminded that their accepted offer ends soon (decision 180). */
  offers: { expired: number; reminded: number };
  /** Chargeback decisions whose webhook never came, asked of the provider and applied (decision 183). */
  chargebacks: number;
}

/**
 * Apply every timer that fell due: expiry, auto-cancel, auto-confirm, protection end; then retry closing the payment
 * pages still owed. Each order is claimed by a conditional update on its state and the due time read, so several
 * processes sweeping one database apply each transition once; the loser's update matches nothing and is skipped.
 */
export async function sweepOrders(ctx: OrdersContext): Promise<SweepResult> {
  const result: SweepResult = {
    moved: 0,
    reminded: 0,
    erased: 0,
    closed: 0,
    offers: { expired: 0, reminded: 0 },
    chargebacks: 0,
  };
  // Walked in (due time, id) order past each order read, so orders that fail every time (a card order once Stripe's
  // keys are gone) cannot hold back those due after them.
  let after: DuePosition | null = null;
  for (;;) {
    const now = ctx.deps.clock.now();
    const due = await dueOrders(ctx, now, after);
    for (const o of due) {
      if (!o.dueAction) continue;
      try {
        await moveOrder(ctx, o.id, o.dueAction as OrderAction, { kind: 'system', id: null }, { claimDueAt: o.dueAt });
        result.moved++;
      } catch (err) {
        // Another process (or the buyer) moved it first; any other failure is this order's alone: logged, the rest go on.
        if (!(err instanceof AppError && err.statusCode === 409))
          ctx.deps.log.error({ err, orderId: o.id }, 'order timer could not be applied; retried next sweep');
      }
    }
    if (due.length < BATCH) break;
    const last = due[due.length - 1]!;
    after = { dueAt: last.dueAt!, id: last.id };
  }
  result.reminded = await step(ctx, 'reminders', () => sendReminders(ctx), 0);
  result.erased = await step(ctx, 'credentials erasure', () => eraseCredentials(ctx), 0);
  for (const provider of ctx.providers)
    result.closed += await step(ctx, 'payment pages', () => provider.closeOwedPayments(), 0);
  result.offers = await step(ctx, 'offers', () => sweepOffers(ctx), { expired: 0, reminded: 0 });
  result.chargebacks = await step(ctx, 'chargeback checks', () => checkOpenChargebacks(ctx), 0);
  return result;
}

/** One step of the sweep: its failure is logged, and the steps after it still run (decision 241). */
async function step<T>(ctx: OrdersContext, name: string, run: () => Promise<T>, none: T): Promise<T> {
  try {
    return await run();
  } catch (err) {
    ctx.deps.log.error({ err, step: name }, 'order sweep step failed; retried next sweep');
    return none;
  }
}

/** A batch of the orders due by `now`, in (due time, id) order, after `from` when given. */
function dueOrders(ctx: OrdersContext, now: number, from: DuePosition | null) {
  return (
    ctx.deps.db.db
      .selectFrom('orders')
      .select(['id', 'dueAt', 'dueAction'])
      .where('dueAt', '<=', now)
      // Held by a chargeback (decision 183): its timers wait for the bank's decision.
      .where('chargebackHoldSince', 'is', null)
      .$if(from !== null, (q) =>
        q.where((eb) =>
          eb.or([eb('dueAt', '>', from!.dueAt), eb.and([eb('dueAt', '=', from!.dueAt), eb('id', '>', from!.id)])]),
        ),
      )
      .orderBy('dueAt')
      .orderBy('id')
      .limit(BATCH)
      .execute()
  );
}

/**
 * "Confirmed in 12 hours": claimed by clearing reminderAt, so it goes out once. Walked in (reminder time, id) order past
 * each order read, so a reminder that cannot be queued (logged, tried again next sweep) holds back no other.
 */
async function sendReminders(ctx: OrdersContext) {
  const db = ctx.deps.db.db;
  const now = ctx.deps.clock.now();
  let sent = 0;
  await walkInBatches(
    BATCH,
    (after: { id: string; reminderAt: number | null } | undefined) =>
      db
        .selectFrom('orders')
        .select(['id', 'reminderAt'])
        .where('reminderAt', '<=', now)
        .where('chargebackHoldSince', 'is', null)
        .$if(after !== undefined, (q) => q.where(pastKeyset('reminderAt', 'id', [after!.reminderAt!, after!.id])))
        .orderBy('reminderAt')
        .orderBy('id')
        .limit(BATCH)
        .execute(),
    async (r) => {
      const claimed = await db.transaction().execute(async (trx) => {
        const order = await trx
          .updateTable('orders')
          .set({ reminderAt: null })
          .where('id', '=', r.id)
          .where('reminderAt', '=', r.reminderAt)
          .where('status', '=', 'delivered')
          .returningAll()
          .executeTakeFirst();
        if (!order) return false;
        // Come due meanwhile (the sweep ran past it, or its move failed): it is confirmed now, nothing to remind of.
        if (order.dueAt !== null && order.dueAt <= now) return false;
        await queueReminderMail(ctx, trx, order, now);
        return true;
      });
      if (claimed) sent++;
    },
    (err, r) => ctx.deps.log.error({ err, orderId: r.id }, 'order reminder could not be sent; retried next sweep'),
  );
  return sent;
}

/** Credentials are erased 30 days after the order ended. */
async function eraseCredentials(ctx: OrdersContext) {
  const db = ctx.deps.db.db;
  const now = ctx.deps.clock.now();
  const erase = (only?: string) =>
    db
      .updateTable('orders')
      .set({ credentialsCipher: null, credentialsErasedAt: now, credentialsEraseAt: null })
      .where('credentialsEraseAt', '<=', now)
      .$if(only !== undefined, (q) => q.where('id', '=', only!))
      .executeTakeFirst();
  try {
    return Number((await erase()).numUpdatedRows);
  } catch {
    // One order's row refused fails the statement for all: each on its own then, past the one that fails.
    let erased = 0;
    await walkInBatches(
      BATCH,
      (after: { credentialsEraseAt: number | null; id: string } | undefined) =>
        db
          .selectFrom('orders')
          .select(['credentialsEraseAt', 'id'])
          .where('credentialsEraseAt', '<=', now)
          .$if(after !== undefined, (q) =>
            q.where(pastKeyset('credentialsEraseAt', 'id', [after!.credentialsEraseAt!, after!.id])),
          )
          .orderBy('credentialsEraseAt')
          .orderBy('id')
          .limit(BATCH)
          .execute(),
      async (o) => void (erased += Number((await erase(o.id)).numUpdatedRows)),
      (err, o) => ctx.deps.log.error({ err, orderId: o.id }, 'credentials could not be erased; retried next sweep'),
    );
    return erased;
  }
}

/**
 * Sweep at start (what fell due while the server was down) and then every interval, one run at a time; stops with
 * the app. 0: never (tests sweep by hand).
 */
export const startOrderSweeper = (ctx: OrdersContext, intervalMs: number, onError: (err: unknown) => void) =>
  startPeriodicTask(intervalMs, () => sweepOrders(ctx), onError, { atStart: true });
