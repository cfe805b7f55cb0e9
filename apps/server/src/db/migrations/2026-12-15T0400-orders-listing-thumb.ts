import { sql, type Kysely } from 'kysely';

/**
 * Decision 218, amended: an order keeps the picture its listing showed when it was bought, which its buyer's order
 * page and list show, so screenshots a seller uploads after withdrawing the listing do not reach past buyers. Older
 * orders showed the listing's current first picture, the best record of it there is. The index serves the
 * screenshot's access check and the removal of a screenshot's files, which keep a file an order shows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('listing_thumb_url', 'text').execute();
  await sql`update orders set listing_thumb_url = (select i.thumb_url from listing_images i
      where i.listing_id = orders.listing_id order by i.position limit 1)`.execute(db);
  await sql`create index orders_listing_thumb_idx on orders (listing_thumb_url)
      where listing_thumb_url is not null`.execute(db);
}

export async function down(): Promise<void> {}
