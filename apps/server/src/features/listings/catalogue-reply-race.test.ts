import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useRaceTestApp, type RaceTestApp } from '../../test/race-app';
import { createPeerApp, userWithSession } from '../../test/test-app';
import { insertTestListing } from '../../test/listing-fixtures';
import { catalogueCacheFor } from './catalogue-cache';

// A page read from the catalogue cache before a moderation, whose reply is stored after it, must not outlive it.
let race: RaceTestApp;
let peer: Awaited<ReturnType<typeof createPeerApp>>;
useRaceTestApp((r) => (race = r), { LOG_LEVEL: 'error' });
beforeAll(async () => {
  peer = await createPeerApp(race.ctx);
});
afterAll(() => peer.close());

const ids = (res: { body: string; json: () => { items?: Array<{ id: string }> } }) => {
  const items = res.json().items;
  if (!items) throw new Error(res.body);
  return items.map((c) => c.id);
};

describe('the catalogue reply cache', () => {
  it('does not keep serving a listing hidden while a member was looking up their favorites', async () => {
    const { ctx, interleave } = race;
    const admin = await userWithSession(ctx, 'admin');
    const seller = await userWithSession(ctx, 'seller');
    const member = await userWithSession(ctx, 'buyer');
    const listing = await insertTestListing(ctx, seller.user.id, { title: 'Reported as a scam' });
    const browse = (headers: Record<string, string> = {}) => ctx.app.inject({ url: '/api/listings', headers });
    expect(ids(await browse())).toContain(listing.id);
    // The member's page comes from the cache; while their favorites are read, another process hides the listing.
    interleave.arm('favorites', async () => {
      const res = await peer.app.inject({
        method: 'POST',
        url: `/api/admin/listings/${listing.id}/hide`,
        payload: { reason: 'Scam reported by several buyers' },
        headers: admin.session.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      // The hide's invalidation has reached this process.
      await expect.poll(() => catalogueCacheFor(ctx.app.deps).pages.size).toBe(0);
    });
    await browse(member.session.headers);
    const row = await ctx.db.selectFrom('listings').select('status').where('id', '=', listing.id).executeTakeFirst();
    expect(row?.status).toBe('hidden');
    // Every visitor after the hide, here and with brotli, must no longer see it.
    expect(ids(await browse())).not.toContain(listing.id);
    expect(ids(await browse({ 'accept-encoding': 'identity' }))).not.toContain(listing.id);
  });
});
