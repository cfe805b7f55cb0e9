import type { Offer, OfferStatus } from '@accountry/shared/offers';
import type { Database } from '../../db/database';
import type { OffersTable } from '../../db/schema';
import type { Keyset } from '../../lib/keyset-cursor';

const OPEN: OfferStatus[] = ['pending', 'accepted'];

/** An offer with its listing and both parties' names, as both sides' lists and pages show it. */
const offerRows = (db: Database) =>
  db
    .selectFrom('offers as o')
    .innerJoin('listings as l', 'l.id', 'o.listingId')
    .innerJoin('users as b', 'b.id', 'o.buyerId')
    .innerJoin('users as s', 's.id', 'o.sellerId')
    .selectAll('o')
    .select([
      'l.title',
      'l.priceCents as listingPriceCents',
      'l.status as listingStatus',
      'l.deletedAt as listingDeletedAt',
      'b.displayName as buyerName',
      's.displayName as sellerName',
    ]);
type OfferRow = NonNullable<Awaited<ReturnType<ReturnType<typeof offerRows>['executeTakeFirst']>>>;

/** An open offer past its time reads as expired, whether or not a write has marked it yet. */
export const effectiveStatus = (o: Pick<OffersTable, 'status' | 'expiresAt'>, now: number): OfferStatus =>
  OPEN.includes(o.status) && o.expiresAt <= now ? 'expired' : o.status;

export function toOffer(r: OfferRow, now: number): Offer {
  return {
    id: r.id,
    listing: {
      id: r.listingId,
      sellerId: r.sellerId,
      title: r.title,
      priceCents: r.listingPriceCents,
      status: r.listingDeletedAt ? 'deleted' : r.listingStatus,
    },
    buyerName: r.buyerName,
    sellerName: r.sellerName,
    amountCents: r.amountCents,
    currency: r.currency,
    status: effectiveStatus(r, now),
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    expiresAt: r.expiresAt,
    orderId: r.orderId,
  };
}

export const findOffer = (db: Database, id: string) => offerRows(db).where('o.id', '=', id).executeTakeFirst();

export interface OfferListQuery {
  userId: string;
  side: 'made' | 'received';
  listingId?: string;
  after?: Keyset;
  limit: number;
}

/** One side's offers, newest first, from the keyset on. */
export async function listOffers(db: Database, q: OfferListQuery) {
  let rows = offerRows(db).where(q.side === 'made' ? 'o.buyerId' : 'o.sellerId', '=', q.userId);
  if (q.listingId) rows = rows.where('o.listingId', '=', q.listingId);
  if (q.after) {
    const [at, id] = q.after;
    rows = rows.where((eb) =>
      eb.or([eb('o.createdAt', '<', at), eb.and([eb('o.createdAt', '=', at), eb('o.id', '<', id)])]),
    );
  }
  return rows.orderBy('o.createdAt', 'desc').orderBy('o.id', 'desc').limit(q.limit).execute();
}

export async function insertOffer(db: Database, offer: OffersTable) {
  await db.insertInto('offers').values(offer).execute();
}

/** Move an offer on only from a status it still has and before its time is up; false when either changed. */
export async function setOfferStatusIf(
  db: Database,
  id: string,
  from: OfferStatus[],
  to: OfferStatus,
  now: number,
  patch: Partial<Pick<OffersTable, 'expiresAt' | 'orderId'>> = {},
) {
  const res = await db
    .updateTable('offers')
    .set({ status: to, updatedAt: now, ...patch })
    .where('id', '=', id)
    .where('status', 'in', from)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Mark a buyer's open offers whose time is up as expired, so the one-open-offer index lets a new one in. */
export async function expireLapsedOffers(db: Database, buyerId: string, now: number) {
  await db
    .updateTable('offers')
    .set({ status: 'expired', updatedAt: now })
    .where('buyerId', '=', buyerId)
    .where('status', 'in', OPEN)
    .where('expiresAt', '<=', now)
    .execute();
}

/** A buyer's open offers on any listing (after `expireLapsedOffers`), or those made on one listing since a time. */
export async function countOffers(
  db: Database,
  buyerId: string,
  q: { open: true } | { listingId: string; since: number },
) {
  let rows = db
    .selectFrom('offers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('buyerId', '=', buyerId);
  rows =
    'open' in q
      ? rows.where('status', 'in', OPEN)
      : rows.where('listingId', '=', q.listingId).where('createdAt', '>', q.since);
  return Number((await rows.executeTakeFirstOrThrow()).n);
}
