import type { Database } from '../../db/database';
import type { StripeRefundsTable } from '../../db/schema';

/** Record a refund owed; the same key twice keeps the first (a retried cancel owes nothing more). */
export async function insertRefundOwed(
  db: Database,
  row: Pick<StripeRefundsTable, 'idempotencyKey' | 'orderId' | 'sessionId' | 'amountCents' | 'createdAt'>,
) {
  await db
    .insertInto('stripeRefunds')
    .values({ ...row, status: 'pending', stripeRefundId: null, attempts: 0, lastError: null, sentAt: null })
    .onConflict((oc) => oc.column('idempotencyKey').doNothing())
    .execute();
}

export async function findRefundOwed(db: Database, key: string) {
  return db.selectFrom('stripeRefunds').selectAll().where('idempotencyKey', '=', key).executeTakeFirst();
}

export async function pendingRefunds(db: Database, limit: number) {
  return db
    .selectFrom('stripeRefunds')
    .selectAll()
    .where('status', '=', 'pending')
    .orderBy('createdAt')
    .limit(limit)
    .execute();
}

export async function markRefundSent(db: Database, key: string, stripeRefundId: string | null, now: number) {
  await db
    .updateTable('stripeRefunds')
    .set((eb) => ({ status: 'sent', stripeRefundId, sentAt: now, attempts: eb('attempts', '+', 1), lastError: null }))
    .where('idempotencyKey', '=', key)
    .where('status', '=', 'pending')
    .execute();
}

export async function markRefundFailed(db: Database, key: string, error: string) {
  await db
    .updateTable('stripeRefunds')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), lastError: error.slice(0, 500) }))
    .where('idempotencyKey', '=', key)
    .where('status', '=', 'pending')
    .execute();
}
