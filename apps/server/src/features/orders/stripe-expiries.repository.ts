import type { Database } from '../../db/database';

/** An order's Checkout Session still to expire at Stripe. */
export interface ExpiryOwed {
  id: string;
  providerRef: string | null;
  checkoutExpiryOwedAt: number | null;
}

const owedColumns = ['id', 'providerRef', 'checkoutExpiryOwedAt'] as const;

/** Owe the expiry of the order's session (written in the transaction of the cancel or expiry itself). */
export async function insertExpiryOwed(db: Database, orderId: string, now: number) {
  await db.updateTable('orders').set({ checkoutExpiryOwedAt: now }).where('id', '=', orderId).execute();
}

export async function findExpiryOwed(db: Database, orderId: string): Promise<ExpiryOwed | undefined> {
  return db
    .selectFrom('orders')
    .select(owedColumns)
    .where('id', '=', orderId)
    .where('checkoutExpiryOwedAt', 'is not', null)
    .executeTakeFirst();
}

export async function pendingExpiries(db: Database, limit: number): Promise<ExpiryOwed[]> {
  return db
    .selectFrom('orders')
    .select(owedColumns)
    .where('checkoutExpiryOwedAt', 'is not', null)
    .orderBy('checkoutExpiryOwedAt')
    .limit(limit)
    .execute();
}

/** Settled only if still owed since the time read, so two processes settling it count it once. */
export async function markExpirySettled(db: Database, owed: ExpiryOwed) {
  const res = await db
    .updateTable('orders')
    .set({ checkoutExpiryOwedAt: null })
    .where('id', '=', owed.id)
    .where('checkoutExpiryOwedAt', '=', owed.checkoutExpiryOwedAt)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
