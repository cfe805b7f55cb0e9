import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/** Only live listings are browsed; partial indexes keep the browse indexes small (decision 040). */
const LIVE = sql<boolean>`status = 'active' and deleted_at is null`;

/**
 * The marketplace: soft delete, browse indexes matching each filter and sort (keyset order ends in id),
 * full-text search (SQLite FTS5 kept in sync by triggers / PostgreSQL tsvector + GIN, decision 041),
 * favorites and reviews.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable('listings').addColumn('deleted_at', t.timestamp).execute();

  // Status leads although it is constant here: SQLite's planner then takes these over other status indexes.
  const browse: Array<[string, string[]]> = [
    ['listings_live_published_idx', ['published_at', 'id']],
    ['listings_live_price_idx', ['price_cents', 'id']],
    ['listings_live_views_idx', ['view_count', 'id']],
    ['listings_live_cat_published_idx', ['category', 'published_at', 'id']],
    ['listings_live_cat_price_idx', ['category', 'price_cents', 'id']],
    ['listings_live_platform_published_idx', ['platform', 'published_at', 'id']],
    ['listings_live_platform_price_idx', ['platform', 'price_cents', 'id']],
    ['listings_live_seller_idx', ['seller_id', 'published_at', 'id']],
  ];
  for (const [name, columns] of browse) {
    await db.schema
      .createIndex(name)
      .on('listings')
      .columns(['status', ...columns])
      .where(LIVE)
      .execute();
  }
  await db.schema
    .createIndex('listings_seller_created_idx')
    .on('listings')
    .columns(['seller_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('listing_images_url_idx').on('listing_images').column('url').execute();

  if (t.sqlite) {
    // The FTS rowid must never change, and VACUUM may renumber the rowids of a table keyed by text: keep our own key.
    await db.schema.alterTable('listings').addColumn('search_key', 'integer').execute();
    await db.schema.createIndex('listings_search_key_idx').on('listings').column('search_key').execute();
    await sql`create virtual table listings_fts using fts5(listing_id unindexed, title, description, tokenize = 'porter unicode61 remove_diacritics 2')`.execute(
      db,
    );
    await sql`create trigger listings_fts_insert after insert on listings begin
      update listings set search_key = new.rowid where rowid = new.rowid;
      insert into listings_fts (rowid, listing_id, title, description) values (new.rowid, new.id, new.title, new.description);
    end`.execute(db);
    await sql`create trigger listings_fts_update after update of title, description on listings begin
      update listings_fts set title = new.title, description = new.description where rowid = new.search_key;
    end`.execute(db);
    await sql`create trigger listings_fts_delete after delete on listings begin
      delete from listings_fts where rowid = old.search_key;
    end`.execute(db);
    await sql`update listings set search_key = rowid`.execute(db);
    await sql`insert into listings_fts (rowid, listing_id, title, description) select search_key, id, title, description from listings`.execute(
      db,
    );
  } else {
    await sql`alter table listings add column search_vector tsvector generated always as (
      setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', description), 'B')) stored`.execute(
      db,
    );
    await sql`create index listings_search_idx on listings using gin (search_vector)`.execute(db);
  }

  await db.schema
    .createTable('favorites')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('listing_id', 'text', (c) => c.notNull().references('listings.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('favorites_pk', ['user_id', 'listing_id'])
    .execute();
  await db.schema
    .createIndex('favorites_user_created_idx')
    .on('favorites')
    .columns(['user_id', 'created_at', 'listing_id'])
    .execute();
  await db.schema.createIndex('favorites_listing_idx').on('favorites').column('listing_id').execute();

  await db.schema
    .createTable('reviews')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('listing_id', 'text', (c) => c.notNull().references('listings.id').onDelete('cascade'))
    .addColumn('seller_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('buyer_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('reply', 'text')
    .addColumn('replied_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('reviews_listing_buyer_uq', ['listing_id', 'buyer_id'])
    .execute();
  await db.schema
    .createIndex('reviews_seller_created_idx')
    .on('reviews')
    .columns(['seller_id', 'created_at', 'id'])
    .execute();
}

export async function down(): Promise<void> {}
