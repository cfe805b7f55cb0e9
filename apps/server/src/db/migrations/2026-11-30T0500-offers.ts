import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * Offers on negotiable listings (decision 180): a buyer offers a price, the seller accepts or declines, and an accepted
 * offer is bought at its price once. One open offer per buyer and listing, held by a partial unique index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('offers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('listing_id', 'text', (c) => c.notNull().references('listings.id'))
    .addColumn('buyer_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('seller_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    // The listing as the buyer saw it: shown to them if the listing later leaves the site.
    .addColumn('listing_title', 'text', (c) => c.notNull())
    .addColumn('listing_price_cents', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('order_id', 'text')
    // The seller's price in answer to the offer (a counter-offer).
    .addColumn('counter_cents', 'bigint')
    // When to mail the buyer that an accepted offer is about to end; cleared once sent.
    .addColumn('reminder_at', t.timestamp)
    .execute();
  await db.schema
    .createIndex('offers_open_idx')
    .on('offers')
    .columns(['listing_id', 'buyer_id'])
    .unique()
    .where(sql<boolean>`status in ('pending', 'countered', 'accepted')`)
    .execute();
  // The sweep: open offers by when they lapse, and reminders by when they are due.
  await db.schema
    .createIndex('offers_open_expiry_idx')
    .on('offers')
    .column('expires_at')
    .where(sql<boolean>`status in ('pending', 'countered', 'accepted')`)
    .execute();
  await db.schema
    .createIndex('offers_reminder_idx')
    .on('offers')
    .column('reminder_at')
    .where(sql.ref('reminder_at'), 'is not', null)
    .execute();
  // The offer an unpaid order gives back when it ends.
  await db.schema
    .createIndex('offers_order_idx')
    .on('offers')
    .column('order_id')
    .where(sql.ref('order_id'), 'is not', null)
    .execute();
  // Each side's list, newest first, and a buyer's offers on one listing.
  await db.schema.createIndex('offers_buyer_idx').on('offers').columns(['buyer_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('offers_seller_idx').on('offers').columns(['seller_id', 'created_at', 'id']).execute();
  await db.schema
    .createIndex('offers_listing_buyer_idx')
    .on('offers')
    .columns(['listing_id', 'buyer_id', 'created_at'])
    .execute();
}

export async function down(): Promise<void> {}
