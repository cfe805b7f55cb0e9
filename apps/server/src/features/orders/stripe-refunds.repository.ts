import type { Database } from '../../db/database';
import type { StripeRefundsTable } from '../../db/schema';
import { pastKeyset } from '../../lib/walk-in-batches';

/**
 * The key of the refund of a payment its order could not take (decision 095): one per payment, so a retried webhook
 * owes it once, and a dispute of that payment finds it (decision 244).
 */
export const unpayableRefundKey = (orderId: string, paymentRef: string) => `${orderId}:unpayable:${paymentRef}`;

/** Record a refund owed; the same key twice keeps the first (a retried cancel owes nothing more). */
export async function insertRefundOwed(
  db: Database,
  row: Pick<StripeRefundsTable, 'idempotencyKey' | 'orderId' | 'sessionId' | 'amountCents' | 'createdAt'>,
) {
  await db
    .insertInto('stripeRefunds')
    .values({
      ...row,
      status: 'pending',
      stripeRefundId: null,
      attempts: 0,
      lastError: null,
      sentAt: null,
      nextAttemptAt: row.createdAt,
      adminRetries: 0,
      settledAt: null,
      settledBy: null,
      settledReference: null,
      coveredByChargebackCents: 0,
    })
    .onConflict((oc) => oc.column('idempotencyKey').doNothing())
    .execute();
}

export async function findRefundOwed(db: Database, key: string) {
  return db.selectFrom('stripeRefunds').selectAll().where('idempotencyKey', '=', key).executeTakeFirst();
}

/**
 * The pending refunds whose time has come, the longest due first (on `stripe_refunds_due_idx`), past `after` when
 * given (decision 241).
 */
export async function dueRefunds(
  db: Database,
  now: number,
  limit: number,
  after?: Pick<StripeRefundsTable, 'nextAttemptAt' | 'idempotencyKey'>,
) {
  return db
    .selectFrom('stripeRefunds')
    .selectAll()
    .where('status', '=', 'pending')
    .where('nextAttemptAt', '<=', now)
    .$if(after !== undefined, (q) =>
      q.where(pastKeyset('nextAttemptAt', 'idempotencyKey', [after!.nextAttemptAt, after!.idempotencyKey])),
    )
    .orderBy('nextAttemptAt')
    .orderBy('idempotencyKey')
    .limit(limit)
    .execute();
}

/**
 * Take a due refund for one try: its next attempt moves to `until`, on the time read, so a sweep of another process
 * that read it too skips it (the idempotency key would keep a second send from refunding twice anyway).
 */
export async function claimRefund(
  db: Database,
  owed: { idempotencyKey: string; nextAttemptAt: number },
  until: number,
) {
  const res = await db
    .updateTable('stripeRefunds')
    .set({ nextAttemptAt: until })
    .where('idempotencyKey', '=', owed.idempotencyKey)
    .where('status', '=', 'pending')
    .where('nextAttemptAt', '=', owed.nextAttemptAt)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Stripe took it; false when it was no longer pending (another try recorded it first). */
export async function markRefundSent(db: Database, key: string, stripeRefundId: string | null, now: number) {
  const res = await db
    .updateTable('stripeRefunds')
    .set((eb) => ({ status: 'sent', stripeRefundId, sentAt: now, attempts: eb('attempts', '+', 1), lastError: null }))
    .where('idempotencyKey', '=', key)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** A try failed: counted, its error kept, and the next one no sooner than `nextAttemptAt`; false if not pending. */
export async function markRefundFailed(db: Database, key: string, error: string, nextAttemptAt: number) {
  const res = await db
    .updateTable('stripeRefunds')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), lastError: error.slice(0, 500), nextAttemptAt }))
    .where('idempotencyKey', '=', key)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Stripe refused it for good, or made it failed or canceled (`stripeRefundId`, decision 234): it leaves the retry and
 * waits for an admin (the buyer is owed it another way).
 */
export async function markRefundRefused(db: Database, key: string, error: string, stripeRefundId?: string) {
  const res = await db
    .updateTable('stripeRefunds')
    .set((eb) => ({
      status: 'refused',
      attempts: eb('attempts', '+', 1),
      lastError: error.slice(0, 500),
      ...(stripeRefundId ? { stripeRefundId } : {}),
    }))
    .where('idempotencyKey', '=', key)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * A refund Stripe took failed afterwards (decision 234): refused as it stands, sent under `recordedId`, the refund id
 * read (null when Stripe answered that the payment was already refunded and no refund was recorded), and the failed
 * refund's id recorded; false when not (a replay, or a failure of a refund another try replaced). Its `sent_at` stays:
 * when Stripe took it.
 */
export async function markSentRefundFailed(
  db: Database,
  key: string,
  recordedId: string | null,
  failedId: string,
  error: string,
) {
  const res = await db
    .updateTable('stripeRefunds')
    .set({ status: 'refused', stripeRefundId: failedId, lastError: error.slice(0, 500) })
    .where('idempotencyKey', '=', key)
    .where('status', '=', 'sent')
    .where('stripeRefundId', recordedId === null ? 'is' : '=', recordedId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * An admin sends a refused refund back to the retry, due at once and counted (Stripe would replay its refusal to the
 * key it was refused under); false when it is no longer refused. One that failed after Stripe took it is no longer
 * sent (decision 234): its `sent_at` goes, and the next refund Stripe takes sets it.
 */
export async function reopenRefusedRefund(db: Database, key: string, now: number) {
  const res = await db
    .updateTable('stripeRefunds')
    .set((eb) => ({ status: 'pending', nextAttemptAt: now, adminRetries: eb('adminRetries', '+', 1), sentAt: null }))
    .where('idempotencyKey', '=', key)
    .where('status', '=', 'refused')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** An admin records a refused refund as paid back outside Stripe; false when it is no longer refused. */
export async function settleRefusedRefund(
  db: Database,
  key: string,
  settled: Pick<StripeRefundsTable, 'settledAt' | 'settledBy' | 'settledReference' | 'coveredByChargebackCents'>,
) {
  const res = await db
    .updateTable('stripeRefunds')
    .set({ status: 'settled', ...settled })
    .where('idempotencyKey', '=', key)
    .where('status', '=', 'refused')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The card refunds an order owes or owed, oldest first, with the name of the admin who settled one. */
export async function refundsOfOrder(db: Database, orderId: string) {
  return db
    .selectFrom('stripeRefunds as r')
    .leftJoin('users as u', 'u.id', 'r.settledBy')
    .selectAll('r')
    .select('u.displayName as settledByName')
    .where('r.orderId', '=', orderId)
    .orderBy('r.createdAt')
    .orderBy('r.idempotencyKey')
    .execute();
}
