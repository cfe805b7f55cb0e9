import type { OrderState } from '@accountry/shared/order-state';
import { REVEALS_SHOWN } from '@accountry/shared/orders';
import type { Database } from '../../db/database';
import type { OrderHistoryTable, OrdersTable } from '../../db/schema';
import { newId } from '../../lib/ids';
import { openConversation } from '../../db/new-conversation';
import { forUpdateOnPostgres } from '../../db/row-locks';
import { madeInWindow } from '../../lib/window-allowance';

export async function findOrder(db: Database, id: string): Promise<OrdersTable | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The order, its row taken until the transaction ends on PostgreSQL (SQLite's write transactions run one at a time). */
export async function findOrderForUpdate(trx: Database, id: string): Promise<OrdersTable | undefined> {
  return forUpdateOnPostgres(trx, trx.selectFrom('orders').selectAll().where('id', '=', id)).executeTakeFirst();
}

export async function insertOrder(db: Database, row: OrdersTable) {
  await db.insertInto('orders').values(row).execute();
}

/**
 * Move an order only if it is still in `from` (and, for timers, still due at the time read): the row as written when
 * it moved, so what follows decides on it, not on a read made before (a "Pay" since stored its page), else undefined.
 */
export async function updateOrderIf(
  db: Database,
  id: string,
  from: OrderState,
  patch: Partial<OrdersTable>,
  dueAt?: number | null,
): Promise<OrdersTable | undefined> {
  // A chargeback's hold (decision 183) stops every move until the bank decides.
  let q = db
    .updateTable('orders')
    .set(patch)
    .where('id', '=', id)
    .where('status', '=', from)
    .where('chargebackHoldSince', 'is', null);
  if (dueAt !== undefined) q = dueAt === null ? q.where('dueAt', 'is', null) : q.where('dueAt', '=', dueAt);
  return q.returningAll().executeTakeFirst();
}

/** Called after the order row moved, so its lock orders concurrent writers and seq stays gapless. */
export async function insertHistory(
  db: Database,
  row: Omit<OrderHistoryTable, 'id' | 'seq' | 'event'> & Partial<Pick<OrderHistoryTable, 'event'>>,
) {
  const last = await db
    .selectFrom('orderHistory')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('orderId', '=', row.orderId)
    .executeTakeFirst();
  await db
    .insertInto('orderHistory')
    .values({ id: newId(), seq: Number(last?.seq ?? 0) + 1, ...row })
    .execute();
}

export async function historyOf(db: Database, orderId: string) {
  return db
    .selectFrom('orderHistory as h')
    .leftJoin('users as u', 'u.id', 'h.actorId')
    .select([
      'h.id',
      'h.event',
      'h.fromStatus',
      'h.toStatus',
      'h.actorKind',
      'h.actorId',
      'u.displayName',
      'h.reason',
      'h.createdAt',
    ])
    .where('h.orderId', '=', orderId)
    .orderBy('h.seq')
    .execute();
}

/** The order's latest `REVEALS_SHOWN` reveals, oldest of them first, and how many came before them. */
export async function revealsOf(db: Database, orderId: string) {
  const [latest, total] = await Promise.all([
    db
      .selectFrom('credentialReveals')
      .select(['by', 'createdAt'])
      .where('orderId', '=', orderId)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(REVEALS_SHOWN)
      .execute(),
    db
      .selectFrom('credentialReveals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('orderId', '=', orderId)
      .executeTakeFirstOrThrow(),
  ]);
  return { latest: latest.reverse(), earlier: Number(total.n) - latest.length };
}

export async function insertReveal(db: Database, orderId: string, userId: string, by: 'buyer' | 'admin', now: number) {
  await db.insertInto('credentialReveals').values({ id: newId(), orderId, userId, by, createdAt: now }).execute();
}

/** Orders the buyer started and has not paid yet. */
export async function unpaidOrderCount(db: Database, buyerId: string) {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('buyerId', '=', buyerId)
    .where('status', '=', 'pending_payment')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The buyer's orders with this seller since `since` that were never paid (pending ones too), and the oldest's time. */
export const unpaidOrdersWithSellerSince = (db: Database, buyerId: string, sellerId: string, since: number) =>
  madeInWindow(
    db
      .selectFrom('orders')
      .where('buyerId', '=', buyerId)
      .where('createdAt', '>', since)
      .where('sellerId', '=', sellerId)
      .where('paidAt', 'is', null),
  );

/** The conversation the order talks in: the buyer's existing one about the listing, or a new one. */
export async function ensureConversation(
  db: Database,
  listingId: string,
  buyerId: string,
  sellerId: string,
  now: number,
) {
  return (await openConversation(db, { listingId, buyerId, sellerId }, now)).id;
}
