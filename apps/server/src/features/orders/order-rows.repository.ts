import { sql, type RawBuilder } from 'kysely';
import { listingTitleFor } from '../../db/listing-titles';
import { OPEN_STATES, ORDER_STATES } from '@accountry/shared/order-state';
import type { OrderStatusFilter } from '@accountry/shared/order-lists';
import { containsNeedle, containsText } from '../../db/contains-text';
import { engineOf, type Database } from '../../db/database';
import { CHARGEBACK_TO_RECOVER } from '../../db/order-facts';
import { afterCursor, type Keyset } from '../../lib/keyset-cursor';
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
  /** Admin list: what Stripe refused to refund of each order, with its latest message (decision 095). */
  withRefusedRefunds?: boolean;
  after?: Keyset;
  limit: number;
}

/**
 * A row's keyset value (the cursor's): its created time, plus this for an open dispute in the admin list, so one
 * number orders the disputes first, then the rest, each newest first.
 */
const DISPUTE_RANK = 1_000_000_000_000_000;
/** A card refund Stripe refused, waiting for an admin (decision 095): `stripe_refunds_refused_idx`'s condition. */
const REFUSED = sql<boolean>`status = 'refused'`;
type Rank = 0 | 1;
const rankOf = (keyValue: number): Rank => (keyValue >= DISPUTE_RANK ? 1 : 0);

/** The list's rows, filtered, in no order yet. */
function filteredRows(db: Database, f: OrderListFilter) {
  // Whether an order waits for the member whose list this is (one side: their sales when a seller is named, else their
  // purchases); in the admin's list, for no one.
  const member = f.sellerId ?? f.buyerId;
  const purchases = f.buyerId !== undefined && f.sellerId === undefined;
  const waitsForMember = member
    ? waitingOrders(f.sellerId ? 'sales' : 'purchases', member, f.now ?? Date.now())
    : sql<boolean>`0 = 1`;
  // Left to recover of the order's latest chargeback, the one a recovery takes from, when lost with money left; the
  // members' lists leave it out.
  const toRecover = f.withToRecover
    ? sql<number | string | null>`(select case when ${CHARGEBACK_TO_RECOVER}
        then withdrawn_cents - reinstated_cents - recovered_cents end
        from chargebacks where order_id = o.id order by opened_at desc, id desc limit 1)`
    : sql<null>`null`;
  // The card refunds Stripe refused, on their partial index (the state a literal, so SQLite can prove it applies).
  const refused = <T>(pick: RawBuilder<unknown>) =>
    f.withRefusedRefunds
      ? sql<T | null>`(select ${pick} from stripe_refunds where order_id = o.id and ${REFUSED})`
      : sql<null>`null`;
  const refusedCents = refused<number | string>(sql`sum(amount_cents)`);
  // One refusal's words: Stripe gives every refund of one charge the same reason.
  const refusedError = refused<string>(sql`max(last_error)`);
  let q = db
    .selectFrom('orders as o')
    .innerJoin('listings as l', 'l.id', 'o.listingId')
    .innerJoin('users as b', 'b.id', 'o.buyerId')
    .innerJoin('users as s', 's.id', 'o.sellerId')
    .select([
      'o.id',
      'o.listingId',
      // A member's list shows the title as they are shown it; the admins' the title as it is.
      (member ? listingTitleFor('l', member) : sql<string>`l.title`).as('listingTitle'),
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
      'o.decidedAt',
      waitsForMember.as('yourTurn'),
      toRecover.as('toRecoverCents'),
      refusedCents.as('refusedRefundCents'),
      refusedError.as('refusedRefundError'),
      // A buyer's purchases show the picture each listing showed when bought (decision 218); the rest the listing's now.
      purchases
        ? 'o.listingThumbUrl as thumbUrl'
        : (eb) =>
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
  else if (f.status === 'refund_refused')
    q = q.where('o.id', 'in', ({ selectFrom }) => selectFrom('stripeRefunds').select('orderId').where(REFUSED));
  else if (f.status === 'refunded_payment_dispute')
    q = q.where('o.id', 'in', ({ selectFrom }) => selectFrom('refundedPaymentDisputes').select('orderId'));
  else if (f.status !== 'all') q = q.where('o.status', '=', f.status);
  if (f.q) {
    const engine = engineOf(db);
    const needle = containsNeedle(engine, f.q);
    const columns = ['l.title', 'b.displayName', 's.displayName', 'b.email', 's.email'];
    q = q.where((eb) =>
      eb.or([eb('o.id', '=', f.q!), ...columns.map((column) => containsText(engine, column, needle))]),
    );
  }
  return q;
}
type Rows = ReturnType<typeof filteredRows>;

/**
 * A page of rows of one rank, newest first, after the cursor: read from an index in (created_at, id) order (the
 * status's, the member's or the created-at index), so it stops after the page.
 */
function newestFirst(q: Rows, rank: Rank, after: Keyset | undefined, limit: number) {
  if (after) q = q.where(afterCursor('o.createdAt', 'o.id', [after[0] - rank * DISPUTE_RANK, after[1]]));
  const key = rank ? sql<number>`(${sql.lit(DISPUTE_RANK)} + o.created_at)` : sql<number>`o.created_at`;
  return q.select(key.as('sortKey')).orderBy('o.createdAt', 'desc').orderBy('o.id', 'desc').limit(limit);
}

/**
 * The chargeback, refused-refund and refunded-payment-dispute filters' few orders, found from those rows: sorted whole,
 * by their keyset value.
 */
const FEW_ROWS: readonly string[] = [
  'chargeback',
  'chargeback_to_recover',
  'refund_refused',
  'refunded_payment_dispute',
];
const fewRows = (f: OrderListFilter) => FEW_ROWS.includes(f.status);

/** The one rank of every row of the list, when it has one: a member's list, or the admin's filter of one state. */
function fixedRank(f: OrderListFilter): Rank | null {
  if (!f.disputesFirst) return 0;
  if (f.status === 'disputed') return 1;
  return (ORDER_STATES as readonly string[]).includes(f.status) ? 0 : null;
}

/**
 * The statement of a list's page of order rows, `limit` + 1 of them, with each row's keyset value (`sortKey`); its
 * plans are pinned by `admin-orders-plan.test.ts`. The admin's list ("all", "open" and searches) puts open disputes
 * first: the disputes and the rest are each read from an index, as the two sides of a UNION ALL; a cursor among the
 * rest reads only the rest.
 */
export function orderRowsQuery(db: Database, f: OrderListFilter) {
  const limit = f.limit + 1;
  if (fewRows(f)) return sortedWhole(filteredRows(db, f), f.after, limit);
  const rank = fixedRank(f);
  if (rank !== null) return newestFirst(filteredRows(db, f), rank, f.after, limit);
  const rest = () => filteredRows(db, f).where('o.status', '<>', 'disputed');
  if (f.after && rankOf(f.after[0]) === 0) return newestFirst(rest(), 0, f.after, limit);
  const disputes = newestFirst(filteredRows(db, f).where('o.status', '=', 'disputed'), 1, f.after, limit);
  return db
    .selectFrom(disputes.as('d'))
    .selectAll()
    .unionAll(db.selectFrom(newestFirst(rest(), 0, undefined, limit).as('r')).selectAll())
    .orderBy('sortKey', 'desc')
    .orderBy('id', 'desc')
    .limit(limit);
}

/** A page of rows sorted by their keyset value, disputes first: for the few rows of the chargeback filters. */
function sortedWhole(q: Rows, after: Keyset | undefined, limit: number) {
  const key = sql<number>`(case when o.status = 'disputed' then ${sql.lit(DISPUTE_RANK)} else 0 end + o.created_at)`;
  if (after) {
    const [value, id] = after;
    q = q.where((eb) => eb.or([eb(key, '<', value), eb.and([eb(key, '=', value), eb('o.id', '<', id)])]));
  }
  return q.select(key.as('sortKey')).orderBy(key, 'desc').orderBy('o.id', 'desc').limit(limit);
}

/** Order rows for lists, newest first (keyset on the rank and createdAt, then id); never any credentials. */
export const selectOrderRows = (db: Database, f: OrderListFilter) => orderRowsQuery(db, f).execute();
