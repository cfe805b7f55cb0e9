import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './database';
import { ManualClock } from '../lib/clock';
import { newId } from '../lib/ids';
import { createTestDatabase, createUser } from '../test/test-app';
import { insertTestListing } from '../test/listing-fixtures';
import { up } from './migrations/2026-12-08T0100-screenshot-urls-of-the-app';

/** Screenshots stored in S3 before decision 220 are handed out by the app's URL for the same key from now on. */
describe('the migration of screenshot URLs to the app’s own', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('rewrites bucket URLs to /uploads by their key, and leaves the app’s and any other URL alone', async () => {
    const clock = new ManualClock(Date.UTC(2026, 11, 8));
    const ctx = { db: handle.db, clock };
    const seller = await createUser(ctx, { role: 'seller' });
    const listing = await insertTestListing(ctx, seller.id, {}, 0);
    const l = listing.id;
    const stored = [
      [
        `https://s3.eu-central-1.amazonaws.com/shots/listings/${l}/a1.webp`,
        `https://s3.example/shots/listings/${l}/a1-thumb.webp`,
      ],
      [
        `http://minio:9000/prefix/shots/listings/${l}/a2.webp`,
        `http://minio:9000/prefix/shots/listings/${l}/a2-thumb.webp`,
      ],
      [`/uploads/listings/${l}/a3.webp`, `/uploads/listings/${l}/a3-thumb.webp`],
      ['/uploads/demo/demo-01.webp', '/uploads/demo/demo-01-thumb.webp'],
      ['https://elsewhere.example/picture.webp', 'https://elsewhere.example/picture-thumb.webp'],
    ];
    for (const [position, [url, thumbUrl]] of stored.entries())
      await sql`insert into listing_images (id, listing_id, url, thumb_url, width, height, position, bytes, created_at)
        values (${newId()}, ${l}, ${url}, ${thumbUrl}, 1600, 900, ${position}, 10, ${clock.now()})`.execute(handle.db);

    await up(handle.db);
    const rows = await handle.db
      .selectFrom('listingImages')
      .select(['url', 'thumbUrl'])
      .where('listingId', '=', l)
      .orderBy('position')
      .execute();
    expect(rows.map((r) => [r.url, r.thumbUrl])).toEqual([
      [`/uploads/listings/${l}/a1.webp`, `/uploads/listings/${l}/a1-thumb.webp`],
      [`/uploads/listings/${l}/a2.webp`, `/uploads/listings/${l}/a2-thumb.webp`],
      [`/uploads/listings/${l}/a3.webp`, `/uploads/listings/${l}/a3-thumb.webp`],
      ['/uploads/demo/demo-01.webp', '/uploads/demo/demo-01-thumb.webp'],
      ['https://elsewhere.example/picture.webp', 'https://elsewhere.example/picture-thumb.webp'],
    ]);
  });
});
