import { sql, type Kysely } from 'kysely';

/**
 * Browse by minimum followers: an index over listings' follower counts (with status, so counting live matches reads
 * the index alone), so "at least N followers" reaches few matches without walking every live listing of a sort index
 * (decision 100). Partial on "followers is not null" so SQLite, which has no statistics, never picks it for a query
 * without a followers bound.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('listings_live_followers_idx')
    .on('listings')
    .columns(['followers', 'status', 'id'])
    .where(sql<boolean>`followers is not null and deleted_at is null`)
    .execute();
}

export async function down(): Promise<void> {}
