import type { Kysely } from 'kysely';

/**
 * A member's latest order for a listing is read on every listing page they open (the review state); without this
 * index it walked all of the buyer's orders.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('orders_listing_buyer_idx')
    .on('orders')
    .columns(['listing_id', 'buyer_id', 'created_at'])
    .execute();
}

export async function down(): Promise<void> {}
