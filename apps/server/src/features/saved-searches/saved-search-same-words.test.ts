import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithSession, type Session } from '../../test/test-app';
import { createTestAppWithUploads, insertTestListing } from '../../test/listing-fixtures';
import { sendSavedSearchAlerts } from './saved-search-alerts.service';

let ctx: Awaited<ReturnType<typeof createTestAppWithUploads>>;
beforeAll(async () => {
  ctx = await createTestAppWithUploads({ PUBLIC_URL: 'https://market.example' });
});
afterAll(() => ctx.close());

const save = (s: Session, query: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/saved-searches', headers: s.headers, payload: { query } });

describe('the same search in other words', () => {
  it('is refused as already saved when its words find exactly the same listings', async () => {
    const { session } = await userWithSession(ctx, 'buyer');
    const first = await save(session, 'platform=valorant&q=Immortal+account');
    expect(first.statusCode).toBe(201);
    // Case, spacing, punctuation and the words every search ignores do not change what the search finds.
    for (const query of [
      'platform=valorant&q=immortal+ACCOUNT',
      'q=%20immortal%20%20account%20&platform=valorant',
      'platform=valorant&q=the+immortal+account!',
    ]) {
      const again = await save(session, query);
      expect(again.statusCode, query).toBe(409);
      expect(again.json().error.message).toBe('You already saved this search.');
    }
    expect((await save(session, 'platform=valorant&q=immortal')).statusCode).toBe(201);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/saved-searches', headers: session.headers });
    expect(list.json().items.map((s: { label: string }) => s.label)).toEqual(
      expect.arrayContaining(['"Immortal account" · Valorant', '"immortal" · Valorant']),
    );
    expect(list.json().items).toHaveLength(2);
  });

  it('mails a new listing once, not once per spelling of the search', async () => {
    const member = await userWithSession(ctx, 'buyer');
    const seller = await userWithSession(ctx, 'seller');
    await save(member.session, 'q=Radiant+smurf');
    await save(member.session, 'q=radiant+smurf');
    ctx.clock.advance(2 * 60 * 60_000);
    await insertTestListing(ctx, seller.user.id, { title: 'Radiant smurf with knives' });
    ctx.clock.advance(60_000);
    await sendSavedSearchAlerts(ctx.deps);
    await ctx.deliverMail();
    const mails = ctx.mailer.sent.filter((m) => m.to === member.user.email);
    expect(mails).toHaveLength(1);
  });
});
