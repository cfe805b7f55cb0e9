import { sql } from 'kysely';
import type { Keyset } from '../../lib/keyset-cursor';
import type { Database, Engine } from '../../db/database';
import type { ListingsTable } from '../../db/schema';
import { PLATFORMS } from '@accountry/shared/listings';
import {
  afterCursor,
  containsText,
  FEW_MATCHES,
  keyIn,
  keyOrIdIn,
  keysUpTo,
  pageLimit,
  toPage,
  trigramKeysUpTo,
  trigramSearchable,
} from './sql-helpers';
import { executeNamedRows } from '../../db/pg-statement-names';

export interface ListingFilter {
  q?: string;
  status?: ListingsTable['status'];
  category?: ListingsTable['category'];
  sellerId?: string;
  deleted?: 'yes' | 'no';
  cursor: Keyset | undefined;
  limit: number;
}

function adminListingQuery(db: Database) {
  return db
    .selectFrom('listings')
    .innerJoin('users as seller', 'seller.id', 'listings.sellerId')
    .leftJoin('deletedUsers', 'deletedUsers.uid', 'listings.sellerId')
    .select((eb) => [
      'listings.id',
      'listings.title',
      'listings.category',
      'listings.platform',
      'listings.priceCents',
      'listings.currency',
      'listings.status',
      'listings.hiddenReason',
      'listings.statusBeforeHidden',
      'listings.sellerId',
      'listings.createdAt',
      'listings.updatedAt',
      'listings.deletedAt',
      'seller.displayName as sellerName',
      'seller.email as sellerEmail',
      'deletedUsers.status as sellerDeletedStatus',
      eb
        .selectFrom('conversations')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('conversations.listingId', '=', 'listings.id')
        .as('conversationCount'),
      eb
        .selectFrom('reports')
        .select((c) => c.fn.countAll<number>().as('n'))
        .where('reports.targetType', '=', 'listing')
        .whereRef('reports.targetId', '=', 'listings.id')
        .where('reports.status', '!=', 'resolved')
        .as('openReportCount'),
    ]);
}

/**
 * Listings whose title or seller may match the search, or with the search as id, when they are few: few titles, few
 * sellers (counted first, so a common word stops early) and few of their listings. Null means many (or a platform
 * named by the search, which holds many), found by walking the created-at index instead.
 */
async function fewListingCandidates(db: Database, engine: Engine, s: string, platforms: string[]) {
  if (platforms.length) return null;
  const titles = await trigramKeysUpTo(db, engine, 'listings', s, FEW_MATCHES);
  if (!titles) return null;
  const sellers = await trigramKeysUpTo(db, engine, 'users', s, FEW_MATCHES - titles.length);
  if (!sellers) return null;
  const theirs = sellers.length
    ? await keysUpTo(
        db,
        (n) => sql<{ key: string }>`select id as key from listings
          where seller_id in (select id from users where ${keyIn(engine, 'users', sellers)}) limit ${n}`,
        FEW_MATCHES - titles.length - sellers.length,
      )
    : [];
  if (!theirs) return null;
  return { titles, ids: [...theirs, s] };
}

/** All listings, newest first, searched by title, platform or seller, filtered and keyset-paged. */
export async function listListings(db: Database, engine: Engine, f: ListingFilter) {
  let q = adminListingQuery(db);
  if (f.q) {
    const s = f.q;
    const platforms = PLATFORMS.filter((p) => p.includes(s.toLowerCase()));
    const few = trigramSearchable(s) && (await fewListingCandidates(db, engine, s, platforms));
    if (few) q = q.where(keyOrIdIn(engine, 'listings', few.titles, few.ids));
    q = q.where((eb) =>
      eb.or([
        containsText('listings.title', s),
        containsText('listings.platform', s),
        containsText('seller.email', s),
        containsText('seller.displayName', s),
        eb('listings.id', '=', s),
      ]),
    );
  }
  if (f.status) q = q.where('listings.status', '=', f.status);
  if (f.category) q = q.where('listings.category', '=', f.category);
  if (f.sellerId) q = q.where('listings.sellerId', '=', f.sellerId);
  if (f.deleted) q = q.where('listings.deletedAt', f.deleted === 'yes' ? 'is not' : 'is', null);
  if (f.cursor) q = q.where(afterCursor('listings.createdAt', 'listings.id', f.cursor));
  const rows = await executeNamedRows(
    db,
    q.orderBy('listings.createdAt', 'desc').orderBy('listings.id', 'desc').limit(pageLimit(f.limit)),
  );
  return toPage(rows, f.limit);
}

export async function findListing(db: Database, id: string) {
  return adminListingQuery(db).where('listings.id', '=', id).executeTakeFirst();
}

/** Hide a live listing that is not hidden yet; the result says whether it matched. */
export async function hideListing(db: Database, id: string, reason: string, now: number) {
  return db
    .updateTable('listings')
    .set({ statusBeforeHidden: sql`status`, status: 'hidden', hiddenReason: reason, updatedAt: now })
    .where('id', '=', id)
    .where('status', '!=', 'hidden')
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
}

/** Unhide a listing that is still hidden. */
export async function unhideListing(db: Database, id: string, status: ListingsTable['status'], now: number) {
  return db
    .updateTable('listings')
    .set({ status, statusBeforeHidden: null, hiddenReason: null, updatedAt: now })
    .where('id', '=', id)
    .where('status', '=', 'hidden')
    .executeTakeFirst();
}

/** Hide every listing of a seller that is neither hidden nor deleted, remembering each one's status; returns their ids. */
export async function hideSellerListings(db: Database, sellerId: string, reason: string, now: number) {
  const rows = await db
    .selectFrom('listings')
    .select('id')
    .where('sellerId', '=', sellerId)
    .where('status', '!=', 'hidden')
    .where('deletedAt', 'is', null)
    .execute();
  if (rows.length) {
    await db
      .updateTable('listings')
      .set({ statusBeforeHidden: sql`status`, status: 'hidden', hiddenReason: reason, updatedAt: now })
      .where('sellerId', '=', sellerId)
      .where('status', '!=', 'hidden')
      .where('deletedAt', 'is', null)
      .execute();
  }
  return rows.map((r) => r.id);
}

/** The seller's listings hidden with exactly this reason (the ones a deletion hid). */
export async function sellerListingsHiddenFor(db: Database, sellerId: string, reason: string) {
  return db
    .selectFrom('listings')
    .select(['id', 'statusBeforeHidden'])
    .where('sellerId', '=', sellerId)
    .where('status', '=', 'hidden')
    .where('hiddenReason', '=', reason)
    .execute();
}

/** Soft delete, as a seller's own delete does: the row stays for the conversations, favorites and reviews about it. */
export async function markListingDeleted(db: Database, id: string, now: number) {
  return db
    .updateTable('listings')
    .set({ deletedAt: now, updatedAt: now })
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
}
