import type { Database } from '../../db/database';
import type { ChargebacksTable, OrdersTable } from '../../db/schema';
import { pastKeyset } from '../../lib/walk-in-batches';

/** Record a chargeback once: false when the provider already reported this one. */
export async function insertChargeback(db: Database, row: ChargebacksTable) {
  const res = await db
    .insertInto('chargebacks')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * Write the order's hold, conditioned on its state and hold as read (and so take its row first, before the history's
 * next entry is numbered): `since` holds it (the same value keeps it as it is); null frees it, and its deadlines move
 * on by the time the hold took, so nobody loses time to the bank (decision 183).
 */
export async function setChargebackHold(db: Database, order: OrdersTable, since: number | null, now: number) {
  const held = order.chargebackHoldSince === null ? 0 : Math.max(0, now - order.chargebackHoldSince);
  const res = await db
    .updateTable('orders')
    .set((eb) => ({
      chargebackHoldSince: since,
      ...(since === null && held > 0
        ? {
            dueAt: eb('dueAt', '+', held),
            reminderAt: eb('reminderAt', '+', held),
            sellerAnswerDueAt: eb('sellerAnswerDueAt', '+', held),
          }
        : {}),
    }))
    .where('id', '=', order.id)
    .where('status', '=', order.status)
    .where('chargebackHoldSince', order.chargebackHoldSince === null ? 'is' : '=', order.chargebackHoldSince)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Open chargebacks the provider was not asked about for `everyMs`: their decision's webhook may have been lost. In
 * (opening, id) order after `after`, so the check walks past those it could not ask about.
 */
export async function chargebacksToCheck(
  db: Database,
  now: number,
  everyMs: number,
  limit: number,
  after?: { openedAt: number; id: string },
) {
  return db
    .selectFrom('chargebacks as c')
    .innerJoin('orders as o', 'o.id', 'c.orderId')
    .select(['c.id', 'c.orderId', 'c.amountCents', 'c.reason', 'c.openedAt', 'o.provider', 'o.providerRef'])
    .select('o.currency')
    .where('c.status', '=', 'open')
    .where((eb) => eb(eb.fn.coalesce('c.checkedAt', 'c.openedAt'), '<=', now - everyMs))
    .$if(after !== undefined, (q) => q.where(pastKeyset('c.openedAt', 'c.id', [after!.openedAt, after!.id])))
    .orderBy('c.openedAt')
    .orderBy('c.id')
    .limit(limit)
    .execute();
}

export async function markChargebackChecked(db: Database, id: string, now: number) {
  await db.updateTable('chargebacks').set({ checkedAt: now }).where('id', '=', id).execute();
}

/** What a chargeback has booked: Stripe's fee and its return, and the bank's funds taken, given back and recovered. */
type Booked = Pick<
  ChargebacksTable,
  'feeCents' | 'feeReturnedCents' | 'withdrawnCents' | 'reinstatedCents' | 'recoveredCents'
>;

/** Whether a chargeback of the order is still open at the bank. */
export async function hasOpenChargeback(db: Database, orderId: string) {
  const row = await db
    .selectFrom('chargebacks')
    .select('id')
    .where('orderId', '=', orderId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return row !== undefined;
}

/** What the bank took back over every chargeback of the order it decided for the buyer. */
export async function lostChargebackCents(db: Database, orderId: string) {
  const row = await db
    .selectFrom('chargebacks')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amountCents'), eb.lit(0)).as('cents'))
    .where('orderId', '=', orderId)
    .where('status', '=', 'lost')
    .executeTakeFirstOrThrow();
  return Number(row.cents);
}

/** The order's state when its chargeback opened: whether escrow still held what the bank takes. */
export async function chargebackOrderStatusAtOpen(db: Database, id: string) {
  const row = await db
    .selectFrom('chargebacks')
    .select('orderStatusAtOpen')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.orderStatusAtOpen;
}

/**
 * Record what is booked, conditioned on what was read (every column of `read`): false when another report or an admin
 * booked meanwhile.
 */
export async function setChargebackBooked(db: Database, id: string, read: Partial<Booked>, next: Partial<Booked>) {
  let update = db.updateTable('chargebacks').set(next).where('id', '=', id);
  for (const [column, cents] of Object.entries(read)) update = update.where(column as keyof Booked, '=', cents);
  const res = await update.executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Every chargeback of the order by id, with where it stands, to compare with the provider's disputes (decision 234). */
export async function chargebackStatusesOf(db: Database, orderId: string) {
  return db.selectFrom('chargebacks').select(['id', 'status']).where('orderId', '=', orderId).execute();
}

/** The order's latest chargeback, for its page, its recovery, and a payment whose webhook came after it. */
export async function latestChargeback(db: Database, orderId: string) {
  return db
    .selectFrom('chargebacks')
    .select([
      'id',
      'status',
      'amountCents',
      'reason',
      'orderStatusAtOpen',
      'openedAt',
      'closedAt',
      'feeCents',
      'feeReturnedCents',
      'withdrawnCents',
      'reinstatedCents',
      'recoveredCents',
    ])
    .where('orderId', '=', orderId)
    .orderBy('openedAt', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/**
 * The chargebacks on the members' orders that may still take money back from a party (decision 204): open, or lost
 * with something left to recover (`CHARGEBACK_TO_RECOVER`, qualified here), with what says whom and how much.
 */
export function chargebacksAtStakeFor(db: Database, userIds: readonly string[]) {
  return db
    .selectFrom('chargebacks as c')
    .innerJoin('orders as o', 'o.id', 'c.orderId')
    .innerJoin('listings as l', 'l.id', 'o.listingId')
    .select([
      'c.status',
      'c.amountCents',
      'c.orderStatusAtOpen',
      'c.withdrawnCents',
      'c.reinstatedCents',
      'c.recoveredCents',
      'o.id as orderId',
      'o.status as orderStatus',
      'o.priceCents',
      'o.refundedCents',
      'o.paidAt',
      'o.buyerId',
      'o.sellerId',
      'l.title',
      'l.publicTitle',
    ])
    .where((eb) => eb.or([eb('o.sellerId', 'in', userIds), eb('o.buyerId', 'in', userIds)]))
    .where((eb) =>
      eb.or([
        eb('c.status', '=', 'open'),
        eb.and([
          eb('c.status', '=', 'lost'),
          eb('c.withdrawnCents', '>', eb('c.reinstatedCents', '+', eb.ref('c.recoveredCents'))),
        ]),
      ]),
    )
    .orderBy('c.openedAt')
    .orderBy('c.id')
    .execute();
}
