import { sql, type Kysely } from 'kysely';

/**
 * Decision 258: a new listing keeps the request id its seller's form sent with the create, so the same create sent
 * again (its reply was lost) answers the listing the first one made instead of making a second. Unique per seller.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('listings').addColumn('create_request_id', 'text').execute();
  await sql`create unique index listings_create_request_idx on listings (seller_id, create_request_id)
      where create_request_id is not null`.execute(db);
}

export async function down(): Promise<void> {}
