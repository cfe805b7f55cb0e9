import { afterEach, describe, expect, it } from 'vitest';
import { insertTestListing } from '../../test/listing-fixtures';
import { useRaceTestApp, type RaceTestApp } from '../../test/race-app';
import { userWithSession } from '../../test/test-app';
import { sendSavedSearchAlerts } from './saved-search-alerts.service';

let race: RaceTestApp;
useRaceTestApp((r) => (race = r));
afterEach(() => race.interleave.disarm());
const MIN = 60_000;
const SUBJECT = 'A new listing for your search "sweeprace" · Valorant';

describe('a listing published while an alert sweep runs', () => {
  it('is mailed once: by this sweep or the next, not by both', async () => {
    const { ctx, second, interleave } = race;
    const member = await userWithSession(ctx, 'buyer');
    const seller = await userWithSession(ctx, 'seller');
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/saved-searches',
      headers: member.session.headers,
      payload: { query: 'platform=valorant&q=sweeprace' },
    });
    expect(saved.statusCode).toBe(201);
    const draft = {
      platform: 'valorant',
      title: 'Sweeprace Valorant account',
      status: 'draft' as const,
      publishedAt: null,
    };
    const listing = await insertTestListing(ctx, seller.user.id, draft, 1);
    ctx.clock.advance(61 * MIN);
    // The sweep has read its due searches (its time taken); a second later another connection publishes the listing.
    interleave.arm('saved_searches', async () => {
      ctx.clock.advance(1000);
      const now = ctx.clock.now();
      const live = { status: 'active' as const, publishedAt: now, updatedAt: now };
      await second.db.updateTable('listings').set(live).where('id', '=', listing.id).execute();
    });
    await sendSavedSearchAlerts(ctx.deps);

    ctx.clock.advance(61 * MIN);
    await sendSavedSearchAlerts(ctx.deps);
    expect((await ctx.mailsTo(member.user.email)).map((m) => m.subject)).toEqual([SUBJECT]);
  });
});
