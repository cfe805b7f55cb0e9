import { sql, type Kysely } from 'kysely';

/**
 * Browse by a minimum item count or account age: an index over each (with status, so counting live matches reads the
 * index alone), as the followers index does (decision 100), so a minimum few listings reach is found without walking
 * every live listing of a sort index. Partial on the column being set, so SQLite, which has no statistics, never picks
 * one for a query without that minimum.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, column] of [
    ['listings_live_items_idx', 'items_count'],
    ['listings_live_age_idx', 'account_age_months'],
  ])
    await db.schema
      .createIndex(name)
      .on('listings')
      .columns([column, 'status', 'id'])
      .where(sql<boolean>`${sql.ref(column)} is not null and deleted_at is null`)
      .execute();
}

export async function down(): Promise<void> {}
