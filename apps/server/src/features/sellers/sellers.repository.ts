import type { Database } from '../../db/database';

/** The member behind a seller profile; deleted accounts (status 'unresolved') are not shown. */
export function findSeller(db: Database, id: string) {
  return db
    .selectFrom('users')
    .leftJoin('deletedUsers', (j) =>
      j.onRef('deletedUsers.uid', '=', 'users.id').on('deletedUsers.status', '=', 'unresolved'),
    )
    .select([
      'users.id',
      'users.displayName',
      'users.role',
      'users.createdAt',
      'users.lastActive',
      'users.emailVerified',
      'users.disabled',
      'deletedUsers.uid as deletedUid',
    ])
    .where('users.id', '=', id)
    .executeTakeFirst();
}

/** Reviews per star (1–5) for the seller. */
export function ratingCounts(db: Database, sellerId: string) {
  return db
    .selectFrom('reviews')
    .select((eb) => ['rating', eb.fn.countAll<number>().as('n')])
    .where('sellerId', '=', sellerId)
    .groupBy('rating')
    .execute();
}

/** Live and sold listing counts for the seller card. */
export async function sellerListingCounts(db: Database, sellerId: string) {
  const rows = await db
    .selectFrom('listings')
    .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
    .where('sellerId', '=', sellerId)
    .where('deletedAt', 'is', null)
    .where('status', 'in', ['active', 'sold'])
    .groupBy('status')
    .execute();
  const n = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
  return { active: n('active'), sold: n('sold') };
}

/**
 * When buyers first wrote and when the seller first answered, in the seller's latest conversations: kept on each
 * conversation as its messages are stored (decision 228), so no message is read however long the chat.
 */
export function firstMessageTimesQuery(db: Database, sellerId: string, conversations: number) {
  return db
    .selectFrom('conversations')
    .select(['buyerFirstMessageAt as asked', 'sellerFirstMessageAt as answered'])
    .where('sellerId', '=', sellerId)
    .orderBy('updatedAt', 'desc')
    .limit(conversations);
}

export function firstMessageTimes(db: Database, sellerId: string, conversations: number) {
  return firstMessageTimesQuery(db, sellerId, conversations).execute();
}
