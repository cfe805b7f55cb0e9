import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './database';
import type { ListingsTable } from './schema';
import { ManualClock } from '../lib/clock';
import { newId } from '../lib/ids';
import { insertTestListing } from '../test/listing-fixtures';
import { createTestDatabase, createUser } from '../test/test-app';
import { up } from './migrations/2026-12-15T0300-listings-public-title';

/** Listings from before the column: the title each last showed buyers, as far as the rows tell (decision 043). */
describe('the migration of listings’ public titles', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('takes a public listing’s title, a withdrawn one’s newest offer copy or title, and none for a draft', async () => {
    await sql`alter table listings drop column public_title`.execute(handle.db);
    const clock = new ManualClock(Date.UTC(2026, 11, 15));
    const arrange = { db: handle.db, clock };
    const seller = await createUser(arrange, { role: 'seller' });
    const buyer = await createUser(arrange, { role: 'buyer' });
    const listing = async (over: Partial<ListingsTable>) => {
      // No public title: the column is not there yet.
      const { id } = await insertTestListing(arrange, seller.id, { ...over, publicTitle: undefined }, 0);
      return id;
    };
    const offer = async (listingId: string, listingTitle: string, createdAt: number) => {
      const terms = { amountCents: 9_000, currency: 'USD', listingPriceCents: 10_000, status: 'declined' as const };
      const times = { createdAt, updatedAt: createdAt, expiresAt: createdAt, orderId: null };
      const parties = { listingId, buyerId: buyer.id, sellerId: seller.id };
      await handle.db
        .insertInto('offers')
        .values({ id: newId(), ...parties, ...terms, listingTitle, ...times })
        .execute();
    };
    const now = clock.now();
    const ids = [
      await listing({ title: 'For sale', status: 'active' }),
      await listing({ title: 'Sold then deleted', status: 'sold', deletedAt: now }),
      await listing({ title: 'Never published', status: 'draft', publishedAt: null }),
      await listing({ title: 'Unpublished, retitled', status: 'draft' }),
      await listing({ title: 'Hidden, no offers', status: 'hidden', statusBeforeHidden: 'active' }),
    ];
    await offer(ids[3], 'The title first offered on', now - 2_000);
    await offer(ids[3], 'The title last offered on', now - 1_000);

    await up(handle.db);
    const rows = await handle.db.selectFrom('listings').select(['id', 'publicTitle']).where('id', 'in', ids).execute();
    const byId = new Map(rows.map((r) => [r.id, r.publicTitle]));
    expect(ids.map((id) => byId.get(id))).toEqual([
      'For sale',
      'Sold then deleted',
      null,
      'The title last offered on',
      'Hidden, no offers',
    ]);
  });
});
