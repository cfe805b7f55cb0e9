import { sql } from 'kysely';
import type { ListingStatus } from '@accountry/shared/listings';
import { ORDER_MESSAGES as M } from '@accountry/shared/order-messages';
import { LISTING_MESSAGES } from '@accountry/shared/listing-messages';
import { isPublicListing } from '@accountry/shared/listing-rules';
import type { Database } from '../../db/database';
import { forUpdateOnPostgres } from '../../db/row-locks';
import { badRequest, conflict, notFound } from '../../lib/app-error';

/** What orders read and write of the listing they are about, and of its seller. */

/** The listing moves with its order: reserved by a new order, sold at delivery, active again if the order ends early. */
export async function setListingStatusIf(
  db: Database,
  listingId: string,
  from: 'active' | 'reserved',
  to: 'active' | 'reserved' | 'sold',
  now: number,
) {
  const res = await db
    .updateTable('listings')
    .set({ status: to, updatedAt: now, ...(to === 'sold' ? { soldAt: now } : {}) })
    .where('id', '=', listingId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * The listing an order held moves with it (sold at delivery, available again when the order ends unpaid or canceled).
 * When an admin hid it meanwhile, the status it returns to when unhidden moves instead. One statement on the row as
 * it is when written: an unhide landing between two statements would bring back 'reserved' with the order gone.
 */
export async function moveHeldListing(db: Database, listingId: string, to: 'active' | 'sold', now: number) {
  const res = await db
    .updateTable('listings')
    .set({
      status: sql<ListingStatus>`case when status = 'reserved' then ${to} else status end`,
      statusBeforeHidden: sql<string | null>`case when status = 'hidden' then ${to} else status_before_hidden end`,
      updatedAt: now,
      ...(to === 'sold' ? { soldAt: now } : {}),
    })
    .where('id', '=', listingId)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'reserved'),
        eb.and([eb('status', '=', 'hidden'), eb('statusBeforeHidden', '=', 'reserved')]),
      ]),
    )
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * The listing an order or offer decides on. `lock` (in a transaction, PostgreSQL) takes its row as it is read, so a
 * seller's edit or deletion waits for what is decided on this read and then finds the listing held (decision 215).
 */
export async function findListingForOrder(db: Database, id: string, { lock = false } = {}) {
  const q = db
    .selectFrom('listings')
    .select([
      'id',
      'sellerId',
      'title',
      'status',
      'priceCents',
      'currency',
      'deliveryTime',
      'protectionDays',
      'deletedAt',
      'negotiable',
    ])
    .where('id', '=', id);
  return (lock ? forUpdateOnPostgres(db, q) : q).executeTakeFirst();
}

/**
 * The listing a member names to buy or make an offer on: 404 when it is missing or deleted, and when it is a draft or
 * hidden (its id must not tell that it exists, nor any of its terms); `ownListing` (400) when it is their own.
 */
export async function listingForBuyer(
  db: Database,
  listingId: string,
  buyerId: string,
  ownListing: string,
  opts: { lock?: boolean } = {},
) {
  const listing = await findListingForOrder(db, listingId, opts);
  if (!listing || listing.deletedAt) throw notFound(LISTING_MESSAGES.notFound);
  if (listing.sellerId === buyerId) throw badRequest(ownListing);
  if (!isPublicListing(listing)) throw notFound(LISTING_MESSAGES.notFound);
  return listing;
}

/** Whether the user can take part in a new order: not disabled, and not deleted (pending review); restored is fine. */
export async function mayTrade(db: Database, userId: string) {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('deletedUsers as d', 'd.uid', 'u.id')
    .select(['u.disabled', 'd.status as deletion'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return !!row && !row.disabled && row.deletion !== 'unresolved';
}

/**
 * 409 unless the listing is for sale now and its seller may trade, with the caller's `notForSale` message. Reserved by
 * another buyer's open order, a buyer is told someone else is buying it (`taken`, when given).
 */
export async function refuseListingNotForSale(
  db: Database,
  listing: { id: string; sellerId: string; status: string; deletedAt?: number | null },
  refusal: { notForSale: string; taken?: { message: string; buyerId: string } },
) {
  if (listing.status === 'active' && !listing.deletedAt && (await mayTrade(db, listing.sellerId))) return;
  const { taken } = refusal;
  if (taken && listing.status === 'reserved' && (await heldByAnotherBuyer(db, listing.id, taken.buyerId)))
    throw conflict(taken.message);
  throw conflict(refusal.notForSale);
}

/** Whether another buyer's order still in progress holds the listing (the one-open-order index's statuses). */
async function heldByAnotherBuyer(db: Database, listingId: string, buyerId: string) {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('listingId', '=', listingId)
    .where('buyerId', '<>', buyerId)
    .where('status', 'in', ['pending_payment', 'paid', 'delivered', 'protection', 'disputed'])
    .executeTakeFirst();
  return !!row;
}

/**
 * A payment's check that moderation has not taken the order's listing off the site, or 409: no money goes in for it.
 * `hidden` counts too unless told otherwise (a deletion is final, a hide may be undone). In a payment's transaction
 * PostgreSQL locks the listing's row (after the order's, as every move takes them), so a hide or delete waits for a
 * payment that read it.
 */
export async function refuseListingOffSite(trx: Database, listingId: string, { hidden = true } = {}) {
  let q = trx.selectFrom('listings').select('id').where('id', '=', listingId).where('deletedAt', 'is', null);
  if (hidden) q = q.where('status', '<>', 'hidden');
  if (!(await forUpdateOnPostgres(trx, q).executeTakeFirst())) throw conflict(M.listingGone);
}

/**
 * The unpaid orders of a listing, in id order. `lock` (in a transaction, PostgreSQL) takes their rows as every move
 * takes them; without it, a delete reads whose account locks to take, as a payment takes them.
 */
export function unpaidOrdersOfListing(db: Database, listingId: string, { lock = false } = {}) {
  const q = db
    .selectFrom('orders')
    .selectAll()
    .where('listingId', '=', listingId)
    .where('status', '=', 'pending_payment')
    .orderBy('id');
  return (lock ? forUpdateOnPostgres(db, q) : q).execute();
}

/** The listing's first picture as it is now: what a new order keeps to show its buyer (decision 218). */
export async function firstThumbOf(db: Database, listingId: string) {
  const row = await db
    .selectFrom('listingImages')
    .select('thumbUrl')
    .where('listingId', '=', listingId)
    .orderBy('position')
    .limit(1)
    .executeTakeFirst();
  return row?.thumbUrl ?? null;
}
