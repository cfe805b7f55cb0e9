import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { buyersShownPicture, noOrderInProgress } from '../../db/order-facts';
import { publicTitleWhen } from '../../db/listing-titles';
import { executeNamed } from '../../db/pg-statement-names';
import { preparedQuery } from '../../db/prepared-query';
import { rowsTable } from '../../db/rows-table';
import { batchedOnPostgres } from '../../lib/in-flight-batches';
import { assertStateUnchanged } from '../../lib/state-change';
import type { ListingImagesTable, ListingsTable } from '../../db/schema';

export type ListingRecord = ListingsTable;

/** Every column of ListingsTable (never the engine's search columns). */
const COLUMNS = [
  'id',
  'sellerId',
  'title',
  'category',
  'platform',
  'region',
  'description',
  'priceCents',
  'currency',
  'negotiable',
  'level',
  'itemsCount',
  'followers',
  'engagementRate',
  'accountAgeMonths',
  'verified',
  'originalEmail',
  'twoFactorRemovable',
  'deliveryMethod',
  'deliveryTime',
  'protectionDays',
  'status',
  'hiddenReason',
  'statusBeforeHidden',
  'viewCount',
  'favoriteCount',
  'createdAt',
  'updatedAt',
  'publishedAt',
  'soldAt',
  'deletedAt',
  'contentVersion',
] as const satisfies ReadonlyArray<keyof ListingRecord>;

export function findListing(db: Database, id: string): Promise<ListingRecord | undefined> {
  return db.selectFrom('listings').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** How many members keep the listing among their favorites, as of now (the cached listing page leaves it out). */
export async function listingFavoriteCount(db: Database, id: string) {
  const row = await db.selectFrom('listings').select('favoriteCount').where('id', '=', id).executeTakeFirst();
  return row?.favoriteCount ?? 0;
}

// Every signed-in browse page and listing page asks this: compiled once (db/prepared-query.ts).
const favoriteRowsAmong = preparedQuery((db, a: { userId: string; listingIds: string[] }) =>
  db.selectFrom('favorites').select('listingId').where('userId', '=', a.userId).where('listingId', 'in', a.listingIds),
);

// A member's favorite ids, up to a bound (member-favorites-cache.ts): a range of the favorites primary key.
const favoriteIdsOf = preparedQuery((db, a: { userId: string; limit: number }) =>
  db.selectFrom('favorites').select('listingId').where('userId', '=', a.userId).limit(a.limit),
);

/** Up to `limit` of the listing ids the member keeps among their favorites. */
export async function memberFavoriteIds(db: Database, userId: string, limit: number) {
  return (await favoriteIdsOf.execute(db, { userId, limit })).map((r) => r.listingId);
}

/** Which of these listings the member keeps among their favorites. */
export async function favoriteIdsAmong(db: Database, userId: string, listingIds: string[]) {
  const rows = await favoriteRowsAmong.execute(db, { userId, listingIds });
  return new Set(rows.map((r) => r.listingId));
}

type FavoritesAsked = { userId: string; listingIds: string[] };

/** The same for many members' pages in one PostgreSQL statement, in the order asked. */
export async function favoriteIdsOfMany(db: Database, asked: FavoritesAsked[]): Promise<Array<Set<string>>> {
  const pairs = asked.flatMap((a, i) => a.listingIds.map((listing_id) => ({ i, user_id: a.userId, listing_id })));
  const { rows } = await executeNamed(
    db,
    sql<{ i: number; listingId: string }>`
    select a.i, a.listing_id as "listingId"
    from ${rowsTable('postgres', 'a', { i: 'integer', user_id: 'text', listing_id: 'text' }, pairs)}
    where exists (select 1 from favorites f where f.user_id = a.user_id and f.listing_id = a.listing_id)`,
  );
  const sets = asked.map(() => new Set<string>());
  for (const r of rows) sets[r.i].add(r.listingId);
  return sets;
}

/** Favorites among a page's listings as a signed-in page asks them: batched on PostgreSQL (decision 155). */
export const readFavoriteIdsAmong = batchedOnPostgres(
  (db, a: FavoritesAsked) => favoriteIdsAmong(db, a.userId, a.listingIds),
  favoriteIdsOfMany,
);

export async function insertListing(db: Database, row: ListingRecord) {
  await db.insertInto('listings').values(row).execute();
}

/** The listing a create with this request id of the seller's made, if one did (deleted or not). */
export async function listingCreatedFor(db: Database, sellerId: string, requestId: string) {
  const row = await db
    .selectFrom('listings')
    .select('id')
    .where('sellerId', '=', sellerId)
    .where('createRequestId', '=', requestId)
    .executeTakeFirst();
  return row?.id;
}

/**
 * The seller's write to their listing: only while it is not deleted, no order holds it, and its status (and, for a
 * content edit, its content version) is still the one the change was decided on. Every order changes the listing's
 * status when it takes it, so a change decided before an order began matches nothing. One that leaves it public
 * writes its public title too (decision 043).
 */
export async function updateListing(
  db: Database,
  id: string,
  patch: Partial<ListingRecord>,
  expectedStatus: ListingRecord['status'],
  expectedVersion?: number,
) {
  const after = { status: patch.status ?? expectedStatus, deletedAt: patch.deletedAt };
  let q = db
    .updateTable('listings')
    .set({ ...patch, ...publicTitleWhen(after, patch.title) })
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .where('status', '=', expectedStatus)
    .where(noOrderInProgress);
  if (expectedVersion !== undefined) q = q.where('contentVersion', '=', expectedVersion);
  return q.executeTakeFirst();
}

/** Apply buffered view counts: one increment per listing, in one transaction. */
export async function addViewCounts(db: Database, counts: Map<string, number>) {
  await db.transaction().execute(async (trx) => {
    for (const [id, n] of counts) {
      await trx
        .updateTable('listings')
        .set({ viewCount: sql`view_count + ${n}` })
        .where('id', '=', id)
        .execute();
    }
  });
}

export function listImages(db: Database, listingId: string) {
  return db
    .selectFrom('listingImages')
    .select(['id', 'url', 'thumbUrl', 'width', 'height', 'position'])
    .where('listingId', '=', listingId)
    .orderBy('position')
    .execute();
}

/**
 * Inside a transaction, first: the seller's write to the listing (`updateListing`, so only if it is as checked), then
 * its screenshots as they are now. The write holds the listing's row, which every screenshot change writes first, so
 * a rule on their count (a published listing keeps one) still holds at the commit. 409 when the listing moved on.
 */
export async function writeListingWithImages(
  trx: Database,
  id: string,
  patch: Partial<ListingRecord>,
  expectedStatus: ListingRecord['status'],
) {
  assertStateUnchanged(await updateListing(trx, id, patch, expectedStatus));
  return listImages(trx, id);
}

export async function insertImage(db: Database, row: ListingImagesTable) {
  await db.insertInto('listingImages').values(row).execute();
}

export async function deleteImageRow(db: Database, listingId: string, imageId: string) {
  return db
    .deleteFrom('listingImages')
    .where('listingId', '=', listingId)
    .where('id', '=', imageId)
    .returning(['url', 'thumbUrl'])
    .executeTakeFirst();
}

export async function setImagePositions(db: Database, listingId: string, ids: string[]) {
  for (const [position, id] of ids.entries()) {
    await db
      .updateTable('listingImages')
      .set({ position })
      .where('listingId', '=', listingId)
      .where('id', '=', id)
      .execute();
  }
}

/** Whether any listing or order still shows the file (duplicated listings share their screenshots' files). */
export async function imageUrlInUse(db: Database, url: string) {
  const row = await db
    .selectFrom('listingImages')
    .select('id')
    .where((eb) => eb.or([eb('url', '=', url), eb('thumbUrl', '=', url)]))
    .executeTakeFirst();
  // An order's buyer is still shown the picture its listing had when bought (decision 218).
  return !!row || (await buyersShownPicture(db, url)).length > 0;
}

/**
 * A duplicate's first write, in its transaction: one that changes nothing (`status = status`) but holds the row as the
 * seller's other writes do, so an admin's hiding and a screenshot change wait for the copy's commit or went before it.
 * The listing as it is now, unless deleted.
 */
export function holdListingToCopy(trx: Database, id: string): Promise<ListingRecord | undefined> {
  return trx
    .updateTable('listings')
    .set({ status: sql`status` })
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .returning(COLUMNS)
    .executeTakeFirst();
}

/**
 * A duplicate shows the same files: its rows carry their bytes, which the storage quota counts once per file. Read
 * after `holdListingToCopy`: every screenshot change writes the listing's row first, so none lands in between.
 */
export async function copyImages(db: Database, fromId: string, toId: string, now: number, newId: () => string) {
  const images = await db
    .selectFrom('listingImages')
    .select(['url', 'thumbUrl', 'width', 'height', 'position', 'bytes'])
    .where('listingId', '=', fromId)
    .execute();
  if (!images.length) return;
  await db
    .insertInto('listingImages')
    .values(images.map((i) => ({ ...i, id: newId(), listingId: toId, createdAt: now })))
    .execute();
}

/** How many of the seller's listings are in each status (deleted ones excluded). */
export function statusCounts(db: Database, sellerId: string) {
  return db
    .selectFrom('listings')
    .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
    .where('sellerId', '=', sellerId)
    .where('deletedAt', 'is', null)
    .groupBy('status')
    .execute();
}

/**
 * The listings that show the stored screenshot URL (duplicates share their files), deleted ones too, with what decides
 * who may see them. Asked of the screenshots themselves, not of the listing in the path: a removed screenshot's file
 * may stay while a duplicate still names it, and must not be served for the listing it was removed from.
 */
export async function listingsShowingImage(db: Database, url: string) {
  return db
    .selectFrom('listingImages')
    .innerJoin('listings', 'listings.id', 'listingImages.listingId')
    .select(['listings.id', 'listings.sellerId', 'listings.status', 'listings.deletedAt'])
    .where((eb) => eb.or([eb('listingImages.url', '=', url), eb('listingImages.thumbUrl', '=', url)]))
    .execute();
}

/** The seller's listings that are not deleted, whatever their status. */
export async function countLiveListings(db: Database, sellerId: string) {
  const row = await db
    .selectFrom('listings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('sellerId', '=', sellerId)
    .where('deletedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether the seller has a listing buyers can see for sale (active, or reserved by them). */
export async function hasListingsForSale(db: Database, sellerId: string) {
  const row = await db
    .selectFrom('listings')
    .select('id')
    .where('sellerId', '=', sellerId)
    .where('status', 'in', ['active', 'reserved'])
    .where('deletedAt', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The member's role as stored now (the session's may be seconds old: decision 102). */
export async function storedRoleOf(db: Database, userId: string) {
  const row = await db.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirst();
  return row?.role;
}

/** Bytes of the files the seller's live listings show, each file once (duplicates share theirs). */
export async function storedImageBytes(db: Database, sellerId: string) {
  const row = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('listingImages')
        .innerJoin('listings', 'listings.id', 'listingImages.listingId')
        .select(['listingImages.url', 'listingImages.bytes'])
        .distinct()
        .where('listings.sellerId', '=', sellerId)
        .where('listings.deletedAt', 'is', null)
        .as('files'),
    )
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('files.bytes'), eb.lit(0)).as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
