import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LISTING_MESSAGES as M } from '@accountry/shared/listing-messages';
import type { DatabaseHandle } from '../../db/database';
import { userWithSession, type TestContext } from '../../test/test-app';
import type { Interleave } from '../../test/interleave';
import { useRaceTestApp } from '../../test/race-app';
import { insertTestListing } from '../../test/listing-fixtures';

const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accountry-image-races-'));
let interleave: Interleave;
let ctx: TestContext;
let second: DatabaseHandle;
useRaceTestApp((race) => ({ ctx, second, interleave } = race), { UPLOAD_DIR: uploadDir });
afterAll(() => {
  fs.rmSync(uploadDir, { recursive: true, force: true });
  fs.rmSync(`${uploadDir}-private`, { recursive: true, force: true });
});

const imageIds = async (listingId: string) =>
  (await ctx.db.selectFrom('listingImages').select('id').where('listingId', '=', listingId).execute()).map((r) => r.id);
/** Another request's removal of a screenshot, committed on its own connection. */
const removedElsewhere = (id: string) => async () => {
  await second.db.deleteFrom('listingImages').where('id', '=', id).execute();
};

describe('screenshot races', () => {
  it('two removals of a published listing’s last two screenshots leave one: the second answers 409', async () => {
    const seller = await userWithSession(ctx, 'seller');
    const listing = await insertTestListing(ctx, seller.user.id, { status: 'active' }, 2);
    const [a, b] = await imageIds(listing.id);
    // This removal has counted two screenshots; the other one's removal commits before it writes.
    interleave.arm('listing_images', removedElsewhere(b));
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/listings/${listing.id}/images/${a}`,
      headers: seller.session.headers,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(M.lastImage);
    expect(await imageIds(listing.id)).toEqual([a]);
  });

  it('publishing a draft whose only screenshot is removed meanwhile answers 409 and leaves it a draft', async () => {
    const seller = await userWithSession(ctx, 'seller');
    const listing = await insertTestListing(ctx, seller.user.id, { status: 'draft', publishedAt: null }, 1);
    const [a] = await imageIds(listing.id);
    // The publish has counted one screenshot; the draft's removal of it commits before the publish writes.
    interleave.arm('listing_images', removedElsewhere(a));
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/listings/${listing.id}/status`,
      headers: seller.session.headers,
      payload: { status: 'active' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(M.needsImage);
    const row = await ctx.db.selectFrom('listings').select('status').where('id', '=', listing.id).executeTakeFirst();
    expect(row?.status).toBe('draft');
  });
});
