import { sql } from 'kysely';
import { OPEN_STATES } from '@accountry/shared/order-state';
import type { OrderStatusFilter } from '@accountry/shared/orders';
import { containsNeedle, containsText } from '../../db/contains-text';
import { engineOf, type Database } from '../../db/database';
import { CHARGEBACK_TO_RECOVER } from '../../db/order-facts';
import type { Keyset } from '../../lib/keyset-cursor';
import { waitingOrders } from './waiting.repository';

export interface OrderListFilter {
  buyerId?: string;
  sellerId?: string;
  status: OrderStatusFilter;
  q?: string;
  /** The time the `waiting` filter compares deadlines with (the app's clock). */
  now?: number;
  /** Admin list: open disputes first. */
  disputesFirst?: boolean;
  /** Admin list: what is left to recover of each order's latest chargeback (decision 183). */
  withToRecover?: boolean;
  after?: Keyset;
  limit: number;
}

/** The statement of a list's order rows (its plan is pinned by the admin list's plan test). */
export function orderRowsQuery(db: Database, f: OrderListFilter) {
  // Whether an order waits for the member whose list this is (one side: their sales when a seller is named, else their
  // purchases); in the admin's list, for no one.
  const member = f.sellerId ?? f.buyerId;
  const waitsForMember = member
    ? waitingOrders(f.sellerId ? 'sales' : 'purchases', member, f.now ?? Date.now())
    : sql<boolean>`0 = 1`;
  // The admin list puts open disputes first: rank 0 for disputed, 1 otherwise, folded into the keyset value.
  const rank = f.disputesFirst ? sql<number>`case when o.status = 'disputed' then 1 else 0 end` : sql<number>`0`;
  // Left to recover of the order's latest chargeback, the one a recovery takes from, when lost with money left; the
  // members' lists leave it out.
  const toRecover = f.withToRecover
    ? sql<number | string | null>`(select case when ${CHARGEBACK_TO_RECOVER}
        then withdrawn_cents - reinstated_cents - recovered_cents end
        from chargebacks where order_id = o.id order by opened_at desc, id desc limit 1)`
    : sql<null>`null`;
  let q = db
    .selectFrom('orders as o')
    .innerJoin('listings as l', 'l.id', 'o.listingId')
    .innerJoin('users as b', 'b.id', 'o.buyerId')
    .innerJoin('users as s', 's.id', 'o.sellerId')
    .select([
      'o.id',
      'o.listingId',
      'l.title as listingTitle',
      'o.buyerId',
      'b.displayName as buyerName',
      'o.sellerId',
      's.displayName as sellerName',
      'o.priceCents',
      'o.status',
      'o.createdAt',
      'o.updatedAt',
      'o.dueAt',
      'o.sellerAnswerDueAt',
      'o.chargebackHoldSince',
      waitsForMember.as('yourTurn'),
      toRecover.as('toRecoverCents'),
      (eb) =>
        eb
          .selectFrom('listingImages as i')
          .select('i.thumbUrl')
          .whereRef('i.listingId', '=', 'o.listingId')
          .orderBy('i.position')
          .limit(1)
          .as('thumbUrl'),
    ]);
  if (f.buyerId) q = q.where('o.buyerId', '=', f.buyerId);
  if (f.sellerId) q = q.where('o.sellerId', '=', f.sellerId);
  if (f.status === 'waiting') q = q.where(waitsForMember);
  else if (f.status === 'open') q = q.where('o.status', 'in', OPEN_STATES);
  // The few orders a chargeback touched, found from the chargebacks' indexes and each order then by its key: on SQLite a
  // test per order (exists) walked every order ever made to find them.
  else if (f.status === 'chargeback')
    q = q.where('o.id', 'in', ({ selectFrom }) => selectFrom('chargebacks').select('orderId'));
  else if (f.status === 'chargeback_to_recover')
    q = q.where('o.id', 'in', ({ selectFrom }) =>
      selectFrom('chargebacks').select('orderId').where(CHARGEBACK_TO_RECOVER),
    );
  else if (f.status !== 'all') q = q.where('o.status', '=', f.status);
  if (f.q) {
    const engine = engineOf(db);
    const needle = containsNeedle(engine, f.q);
    const columns = ['l.title', 'b.displayName', 's.displayName', 'b.email', 's.email'];
    q = q.where((eb) =>
      eb.or([eb('o.id', '=', f.q!), ...columns.map((column) => containsText(engine, column, needle))]),
    );
  }
  // Keyset value: rank * 1e15 + createdAt, so one numeric cursor orders disputes first, then newest.
  const key = sql<number>`(${rank} * 1000000000000000 + o.created_at)`;
  if (f.after) {
    const [value, id] = f.after;
    q = q.where((eb) => eb.or([eb(key, '<', value), eb.and([eb(key, '=', value), eb('o.id', '<', id)])]));
  }
  return q
    .select(key.as('sortKey'))
    .orderBy(key, 'desc')
    .orderBy('o.id', 'desc')
    .limit(f.limit + 1);
}

/** Order rows for lists, newest first (keyset on createdAt, id); never any credentials. */
export const selectOrderRows = (db: Database, f: OrderListFilter) => orderRowsQuery(db, f).execute();
