import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useRaceTestApp, type RaceTestApp } from '../../test/race-app';
import { createPeerApp, userWithSession } from '../../test/test-app';
import { insertTestListing, listingInput } from '../../test/listing-fixtures';
import { catalogueCacheFor } from './catalogue-cache';

// Similar cards are built from the listing the catalogue cache handed the request (`detailCore`): a listing read
// before an edit, whose similar cards are stored after the edit's invalidation, must not outlive the edit.
let race: RaceTestApp;
let peer: Awaited<ReturnType<typeof createPeerApp>>;
useRaceTestApp((r) => (race = r), { LOG_LEVEL: 'error' });
beforeAll(async () => {
  peer = await createPeerApp(race.ctx);
});
afterAll(() => peer.close());

describe('the similar cards cache', () => {
  it('does not keep similar cards of the category a listing had before an edit made while it was being read', async () => {
    const { ctx, interleave } = race;
    const seller = await userWithSession(ctx, 'seller');
    const member = await userWithSession(ctx, 'buyer');
    const base = await insertTestListing(ctx, seller.user.id, { category: 'social', platform: 'instagram' });
    const social = await insertTestListing(ctx, seller.user.id, { category: 'social', platform: 'tiktok' });
    const game = await insertTestListing(ctx, seller.user.id, { category: 'game', platform: 'valorant' });
    const similar = async () => {
      const res = await ctx.app.inject({ url: `/api/listings/${base.id}/similar`, headers: member.session.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ items: Array<{ id: string }> }>().items.map((c) => c.id);
    };
    const cache = catalogueCacheFor(ctx.app.deps);
    // While this process reads the listing for its page, the seller moves it to games through another process.
    interleave.arm('listings', async () => {
      const before = cache.similar.version;
      const res = await peer.app.inject({
        method: 'PUT',
        url: `/api/listings/${base.id}`,
        payload: listingInput({ category: 'game', platform: 'valorant' }),
        headers: seller.session.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      // The edit's invalidation has reached this process.
      await expect.poll(() => cache.similar.version, { timeout: 10_000 }).toBeGreaterThan(before);
    });
    await similar();
    const row = await ctx.db.selectFrom('listings').select('category').where('id', '=', base.id).executeTakeFirst();
    expect(row?.category).toBe('game');
    // Every request after the edit answered: games like it, not the social accounts it no longer is.
    const after = await similar();
    expect(after).toContain(game.id);
    expect(after).not.toContain(social.id);
  });
});
