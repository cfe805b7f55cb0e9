import { sql } from 'kysely';
import type { Database } from '../../db/database';

/** Add the favorite and bump the listing's count, once; returns whether it was new. */
export async function addFavorite(db: Database, userId: string, listingId: string, now: number) {
  return db.transaction().execute(async (trx) => {
    const res = await trx
      .insertInto('favorites')
      .values((eb) => ({
        userId,
        listingId,
        createdAt: now,
        // The price the member saw when they saved it: a price drop is told from here (decision 196).
        priceMailedCents: eb.selectFrom('listings').select('priceCents').where('id', '=', listingId),
      }))
      .onConflict((oc) => oc.columns(['userId', 'listingId']).doNothing())
      .executeTakeFirst();
    const added = Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
    if (added)
      await trx
        .updateTable('listings')
        .set({ favoriteCount: sql`favorite_count + 1` })
        .where('id', '=', listingId)
        .execute();
    return added;
  });
}

export async function removeFavorite(db: Database, userId: string, listingId: string) {
  return db.transaction().execute(async (trx) => {
    const res = await trx
      .deleteFrom('favorites')
      .where('userId', '=', userId)
      .where('listingId', '=', listingId)
      .executeTakeFirst();
    const removed = Number(res.numDeletedRows) === 1;
    if (removed)
      await trx
        .updateTable('listings')
        .set({ favoriteCount: sql`favorite_count - 1` })
        .where('id', '=', listingId)
        .where('favoriteCount', '>', 0)
        .execute();
    return removed;
  });
}

/** The member's favorites, newest first, keyset-paged on (createdAt, listingId). */
export function favoritesPage(db: Database, userId: string, after: [number, string] | undefined, limit: number) {
  let q = db.selectFrom('favorites').select(['listingId', 'createdAt']).where('userId', '=', userId);
  if (after) q = q.where((eb) => eb(eb.refTuple('createdAt', 'listingId'), '<', eb.tuple(after[0], after[1])));
  return q
    .orderBy('createdAt', 'desc')
    .orderBy('listingId', 'desc')
    .limit(limit + 1)
    .execute();
}

export async function countFavorites(db: Database, userId: string) {
  const row = await db
    .selectFrom('favorites')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
