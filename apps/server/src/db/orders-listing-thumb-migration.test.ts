import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './database';
import { ManualClock } from '../lib/clock';
import { insertTestListing } from '../test/listing-fixtures';
import { orderRowOf } from '../test/order-fixtures';
import { createTestDatabase, createUser } from '../test/test-app';
import { up } from './migrations/2026-12-15T0400-orders-listing-thumb';

/** Orders from before the column: the picture each showed was its listing's first, which they keep (decision 218). */
describe('the migration of orders’ listing pictures', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it("takes each order's listing's first picture, and none for a listing without one", async () => {
    await sql`drop index orders_listing_thumb_idx`.execute(handle.db);
    await sql`alter table orders drop column listing_thumb_url`.execute(handle.db);
    const clock = new ManualClock(Date.UTC(2026, 11, 15));
    const arrange = { db: handle.db, clock };
    const seller = await createUser(arrange, { role: 'seller' });
    const buyer = await createUser(arrange, { role: 'buyer' });
    const pictured = await insertTestListing(arrange, seller.id, { status: 'sold' }, 2);
    const bare = await insertTestListing(arrange, seller.id, { status: 'sold' }, 0);
    const first = await handle.db
      .selectFrom('listingImages')
      .select('thumbUrl')
      .where('listingId', '=', pictured.id)
      .where('position', '=', 0)
      .executeTakeFirstOrThrow();
    const orders = [pictured.id, bare.id].map((listingId) => {
      // No picture: the column is not there yet.
      const { listingThumbUrl: _, ...row } = orderRowOf(arrange, { listingId, buyerId: buyer.id, sellerId: seller.id });
      return row;
    });
    await handle.db.insertInto('orders').values(orders).execute();

    await up(handle.db);
    const ids = orders.map((o) => o.id);
    const rows = await handle.db
      .selectFrom('orders')
      .select(['id', 'listingThumbUrl'])
      .where('id', 'in', ids)
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r.listingThumbUrl]));
    expect(ids.map((id) => byId.get(id))).toEqual([first.thumbUrl, null]);
  });
});
