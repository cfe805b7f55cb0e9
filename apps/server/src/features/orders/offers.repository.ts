import {
  OPEN_OFFER_STATUSES as OPEN,
  effectiveOfferStatus,
  type Offer,
  type OfferStatus,
} from '@accountry/shared/offers';
import { isPublicListing } from '@accountry/shared/listing-rules';
import type { Database } from '../../db/database';
import type { OffersTable } from '../../db/schema';
import type { Keyset } from '../../lib/keyset-cursor';
import { waitingOffers } from './waiting.repository';
import { madeInWindow } from '../../lib/window-allowance';
import { pastKeyset } from '../../lib/walk-in-batches';

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
      'l.priceCents as livePriceCents',
      'l.status as liveStatus',
      'l.deletedAt as liveDeletedAt',
      'b.displayName as buyerName',
      's.displayName as sellerName',
    ]);
type OfferRow = NonNullable<Awaited<ReturnType<ReturnType<typeof offerRows>['executeTakeFirst']>>>;

/** A listing the site no longer shows its buyers: they see it as it was when they made the offer. */
const goneFromSite = (r: OfferRow) => !isPublicListing({ status: r.liveStatus, deletedAt: r.liveDeletedAt });

/**
 * The offer's listing as `viewerId` sees it: its seller as it is, its buyer as the site shows it (one that left the
 * site as it was when they offered, `removed`). The offers pages and the mails to the buyer both name it so.
 */
export function listingAsSeenBy(r: OfferRow, viewerId: string): Offer['listing'] {
  const asMade = viewerId !== r.sellerId && goneFromSite(r);
  return {
    id: r.listingId,
    sellerId: r.sellerId,
    title: asMade ? r.listingTitle : r.title,
    priceCents: asMade ? r.listingPriceCents : r.livePriceCents,
    status: asMade ? 'removed' : r.liveDeletedAt ? 'deleted' : r.liveStatus,
  };
}

/** The offer as `viewerId` sees it. */
export function toOffer(r: OfferRow, now: number, viewerId: string): Offer {
  return {
    id: r.id,
    listing: listingAsSeenBy(r, viewerId),
    buyerName: r.buyerName,
    sellerName: r.sellerName,
    amountCents: r.amountCents,
    counterCents: r.counterCents ?? null,
    currency: r.currency,
    status: effectiveOfferStatus(r, now),
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
  status: 'all' | 'waiting';
  now: number;
  listingId?: string;
  after?: Keyset;
  limit: number;
}

/** One side's offers, newest first, from the keyset on. */
export async function listOffers(db: Database, q: OfferListQuery) {
  let rows = offerRows(db).where(q.side === 'made' ? 'o.buyerId' : 'o.sellerId', '=', q.userId);
  if (q.listingId) rows = rows.where('o.listingId', '=', q.listingId);
  if (q.status === 'waiting') rows = rows.where(waitingOffers(q.side, q.userId, q.now));
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
  patch: Partial<Pick<OffersTable, 'expiresAt' | 'orderId' | 'reminderAt' | 'counterCents' | 'amountCents'>> = {},
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

/**
 * Open offers whose time is up: a buyer's, or the next batch of all, in (expiry, id) order after `after` (by the open
 * offers' expiry index).
 */
export async function lapsedOffers(
  db: Database,
  which: { buyerId: string } | { limit: number; after?: Pick<OffersTable, 'expiresAt' | 'id'> },
  now: number,
) {
  const rows = db.selectFrom('offers').selectAll().where('status', 'in', OPEN).where('expiresAt', '<=', now);
  if ('buyerId' in which) return rows.where('buyerId', '=', which.buyerId).execute();
  const { after } = which;
  return rows
    .$if(after !== undefined, (q) => q.where(pastKeyset('expiresAt', 'id', [after!.expiresAt, after!.id])))
    .orderBy('expiresAt')
    .orderBy('id')
    .limit(which.limit)
    .execute();
}

/** A buyer's open offers (after `expireLapsedOffers`). */
export async function countOpenOffers(db: Database, buyerId: string) {
  const row = await db
    .selectFrom('offers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('buyerId', '=', buyerId)
    .where('status', 'in', OPEN)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The offers a buyer made since a time, in all, to one seller or on one listing, whatever became of them. */
export async function offersMadeSince(
  db: Database,
  buyerId: string,
  q: { since: number; sellerId?: string; listingId?: string },
) {
  let rows = db.selectFrom('offers').where('buyerId', '=', buyerId).where('createdAt', '>', q.since);
  if (q.sellerId) rows = rows.where('sellerId', '=', q.sellerId);
  if (q.listingId) rows = rows.where('listingId', '=', q.listingId);
  return madeInWindow(rows);
}

/**
 * Who the offers to close belong to: a listing sold (to a buyer here, or by its seller elsewhere: `soldTo` null) or
 * deleted (`removed`), an account closing, or two members one of whom blocked the other.
 */
export type OffersToClose =
  | { listingId: string; soldTo: string | null }
  | { listingId: string; removed: true }
  | { userId: string }
  | { between: [string, string] };

/** The open offers on a listing, of an account on either side, or between two members either way, to close. */
export async function openOffersOf(db: Database, q: OffersToClose) {
  const rows = db.selectFrom('offers').selectAll().where('status', 'in', OPEN);
  if ('listingId' in q) return rows.where('listingId', '=', q.listingId).execute();
  if ('userId' in q)
    return rows.where((eb) => eb.or([eb('buyerId', '=', q.userId), eb('sellerId', '=', q.userId)])).execute();
  const [a, b] = q.between;
  return rows
    .where((eb) =>
      eb.or([
        eb.and([eb('buyerId', '=', a), eb('sellerId', '=', b)]),
        eb.and([eb('buyerId', '=', b), eb('sellerId', '=', a)]),
      ]),
    )
    .execute();
}
