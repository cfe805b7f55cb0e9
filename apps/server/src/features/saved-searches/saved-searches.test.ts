import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asTwoProcesses, createPeerApp, userWithSession, type Session } from '../../test/test-app';
import { createTestAppWithUploads, insertTestListing } from '../../test/listing-fixtures';
import { sendSavedSearchAlerts } from './saved-search-alerts.service';

let ctx: Awaited<ReturnType<typeof createTestAppWithUploads>>;
beforeAll(async () => {
  ctx = await createTestAppWithUploads({ PUBLIC_URL: 'https://market.example' });
});
afterAll(() => ctx.close());

const MIN = 60_000;
const call = (s: Session | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: s?.headers ?? {}, ...(payload ? { payload } : {}) });
const save = (s: Session, query: string) => call(s, 'POST', '/api/saved-searches', { query });

describe('what a saved search may hold', () => {
  it('refuses control characters, and searches that would match every listing', async () => {
    const { session } = await userWithSession(ctx, 'buyer');
    for (const query of ['q=%00', 'q=a%0Ab', 'q=%E2%80%AEevil']) {
      const res = await save(session, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.message).toBe('Remove the control characters from the search.');
    }
    for (const query of ['q=the', 'q=!!!', 'verified=false', 'minPrice=0', 'sellerId=abc', 'q=%20']) {
      const res = await save(session, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.message).toBe(
        'Search for something or choose a filter first: an alert for every new listing would be too many.',
      );
    }
    const kept = await save(session, 'q=the+dragon&verified=false&minPrice=0&negotiable=true');
    expect(kept.statusCode).toBe(201);
    expect(kept.json()).toMatchObject({ query: 'q=the%20dragon&negotiable=true', label: '"the dragon" · negotiable' });
  });
});

describe('saved searches', () => {
  it('are kept in canonical form, once each, up to ten, and only by their member', async () => {
    const { session } = await userWithSession(ctx, 'buyer');
    const res = await save(session, 'sort=price_asc&platform=steam&q=rare+skin&cursor=abc&maxPrice=5000');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      query: 'q=rare%20skin&platform=steam&maxPrice=5000',
      path: '/browse?q=rare%20skin&platform=steam&max=50',
      label: '"rare skin" · Steam · up to $50',
    });
    // A price with cents opens /browse at that price: the page takes dollars and cents.
    const cents = await save((await userWithSession(ctx, 'buyer')).session, 'minPrice=4999&maxPrice=12050');
    expect(cents.json()).toMatchObject({ path: '/browse?min=49.99&max=120.50', label: 'from $49.99 · up to $120.50' });
    const again = await save(session, 'maxPrice=5000&q=rare%20skin&platform=steam');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('You already saved this search.');

    const nothing = await save(session, 'sort=newest');
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().error.message).toBe(
      'Search for something or choose a filter first: an alert for every new listing would be too many.',
    );
    const bad = await save(session, 'minPrice=5000&maxPrice=100');
    expect(bad.statusCode).toBe(400);

    for (let i = 1; i < 10; i++) expect((await save(session, `minPrice=${i * 100}`)).statusCode).toBe(201);
    const eleventh = await save(session, 'minPrice=99999');
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().error.message).toBe('You can keep up to 10 saved searches. Delete one to save another.');

    const list = (await call(session, 'GET', '/api/saved-searches')).json().items as Array<{ id: string }>;
    expect(list).toHaveLength(10);
    const other = await userWithSession(ctx, 'seller');
    expect((await call(other.session, 'GET', '/api/saved-searches')).json().items).toEqual([]);
    expect((await call(other.session, 'DELETE', `/api/saved-searches/${list[0]!.id}`)).statusCode).toBe(404);
    expect((await call(session, 'DELETE', `/api/saved-searches/${list[0]!.id}`)).statusCode).toBe(204);
    expect((await call(session, 'GET', '/api/saved-searches')).json().items).toHaveLength(9);
    expect((await call(null, 'GET', '/api/saved-searches')).statusCode).toBe(401);
  });

  it('mail the listings published since the last look, at most hourly, never the member’s own, once', async () => {
    const member = await userWithSession(ctx, 'both');
    const seller = await userWithSession(ctx, 'seller');
    await insertTestListing(ctx, seller.user.id, { platform: 'valorant', title: 'Old Valorant account' }, 0);
    ctx.clock.advance(1000);
    expect((await save(member.session, 'platform=valorant')).statusCode).toBe(201);
    ctx.clock.advance(30 * MIN);
    await insertTestListing(
      ctx,
      seller.user.id,
      { platform: 'valorant', title: 'Radiant Valorant account', priceCents: 1_234_500 },
      0,
    );
    await insertTestListing(ctx, member.user.id, { platform: 'valorant', title: 'My own Valorant account' }, 0);
    await sendSavedSearchAlerts(ctx.deps);
    expect(await ctx.mailsTo(member.user.email)).toHaveLength(0);
    ctx.clock.advance(31 * MIN);

    const peer = await createPeerApp(ctx);
    try {
      // Other cases' searches fall due too; the member's search is mailed once between the two.
      await asTwoProcesses([() => sendSavedSearchAlerts(ctx.deps), () => sendSavedSearchAlerts(peer.app.deps)]);
    } finally {
      await peer.close();
    }
    const mails = await ctx.mailsTo(member.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('A new listing for your search Valorant');
    // A listing's price as a price tag, as on its card (decision 257).
    expect(mails[0]!.text).toContain('Valorant\nRadiant Valorant account: $12,345\n');
    expect(mails[0]!.text).not.toContain('Old Valorant account');
    expect(mails[0]!.text).not.toContain('My own Valorant account');
    expect(mails[0]!.text).toContain('See the listings: https://market.example/browse?platform=valorant');

    ctx.clock.advance(61 * MIN);
    await sendSavedSearchAlerts(ctx.deps);
    expect(await ctx.mailsTo(member.user.email)).toHaveLength(1);

    // Disabled, the member is mailed nothing, and their search does not hold up the others.
    await ctx.db.updateTable('users').set({ disabled: true }).where('id', '=', member.user.id).execute();
    const other = await userWithSession(ctx, 'buyer');
    expect((await save(other.session, 'platform=valorant&q=immortal')).statusCode).toBe(201);
    ctx.clock.advance(30 * MIN);
    await insertTestListing(ctx, seller.user.id, { platform: 'valorant', title: 'Immortal Valorant account' }, 0);
    ctx.clock.advance(31 * MIN);
    await sendSavedSearchAlerts(ctx.deps);
    expect(await ctx.mailsTo(member.user.email)).toHaveLength(1);
    expect((await ctx.mailsTo(other.user.email)).map((m) => m.subject)).toEqual([
      'A new listing for your search "immortal" · Valorant',
    ]);
  });

  it('stop while their alerts are off (from the mail or the page) and, on again, mail only what is new from then', async () => {
    const member = await userWithSession(ctx, 'buyer');
    const seller = await userWithSession(ctx, 'seller');
    const search = (await save(member.session, 'platform=valorant&q=alerts')).json();
    expect(search.alerts).toBe(true);
    const publish = (title: string) => insertTestListing(ctx, seller.user.id, { platform: 'valorant', title }, 0);
    const hourLater = async () => {
      ctx.clock.advance(61 * MIN);
      await sendSavedSearchAlerts(ctx.deps);
      return (await ctx.mailsTo(member.user.email)).map((m) => m.subject);
    };
    await publish('First alerts account');
    expect(await hourLater()).toEqual(['A new listing for your search "alerts" · Valorant']);

    // The mail's Unsubscribe link and its one-click headers name this search.
    const mail = (await ctx.mailsTo(member.user.email))[0]!;
    const pageUrl = /^Unsubscribe: (\S+)$/m.exec(mail.text)?.[1];
    expect(pageUrl).toMatch(/^https:\/\/market\.example\/unsubscribe\?token=/);
    expect(mail.html).toContain('>Unsubscribe</a>');
    const token = new URL(pageUrl!).searchParams.get('token')!;
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<https://market.example/api/email/unsubscribe?token=${encodeURIComponent(token)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const off = await ctx.app.inject({
      method: 'POST',
      url: `/api/email/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(off.statusCode, off.body).toBe(200);

    await publish('Second alerts account');
    expect(await hourLater()).toHaveLength(1);

    // On again from the page: what was published while off is not mailed, what comes after is.
    const on = await call(member.session, 'PATCH', `/api/saved-searches/${search.id}`, { alerts: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ id: search.id, alerts: true });
    expect(await hourLater()).toHaveLength(1);
    await publish('Third alerts account');
    expect(await hourLater()).toHaveLength(2);
    expect((await ctx.mailsTo(member.user.email))[1]!.text).toContain('Third alerts account');
    expect((await ctx.mailsTo(member.user.email))[1]!.text).not.toContain('Second alerts account');

    // Off from the page; only its member may switch it, and only to on or off.
    const stranger = await userWithSession(ctx, 'buyer');
    const theirs = await call(stranger.session, 'PATCH', `/api/saved-searches/${search.id}`, { alerts: false });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.message).toBe('Saved search not found');
    const bad = await call(member.session, 'PATCH', `/api/saved-searches/${search.id}`, { alerts: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Alerts must be on (true) or off (false)');
    expect((await call(null, 'PATCH', `/api/saved-searches/${search.id}`, { alerts: false })).statusCode).toBe(401);
    const paged = await call(member.session, 'PATCH', `/api/saved-searches/${search.id}`, { alerts: false });
    expect(paged.json()).toMatchObject({ alerts: false });
    await publish('Fourth alerts account');
    expect(await hourLater()).toHaveLength(2);
  });

  it('never name a listing of a seller the member blocked or who blocked the member, however many they publish', async () => {
    const member = await userWithSession(ctx, 'buyer');
    const [blocked, blocking, other] = await Promise.all([1, 2, 3].map(() => userWithSession(ctx, 'seller')));
    const block = (blockerId: string, blockedId: string) =>
      ctx.db.insertInto('userBlocks').values({ blockerId, blockedId, createdAt: ctx.clock.now() }).execute();
    await block(member.user.id, blocked.user.id);
    await block(blocking.user.id, member.user.id);
    expect((await save(member.session, 'platform=valorant&q=ascendant')).statusCode).toBe(201);
    ctx.clock.advance(30 * MIN);
    const listing = (sellerId: string, title: string) =>
      insertTestListing(ctx, sellerId, { platform: 'valorant', title }, 0).then(() => ctx.clock.advance(1000));
    await listing(other.user.id, 'Ascendant Valorant account');
    for (let i = 0; i < 6; i++) await listing(blocked.user.id, `Ascendant smurf ${i}`);
    for (let i = 0; i < 6; i++) await listing(blocking.user.id, `Ascendant main ${i}`);
    ctx.clock.advance(31 * MIN);
    await sendSavedSearchAlerts(ctx.deps);
    const mails = await ctx.mailsTo(member.user.email);
    expect(mails.map((m) => m.subject)).toEqual(['A new listing for your search "ascendant" · Valorant']);
    expect(mails[0]!.text).toContain('Ascendant Valorant account: $');
    expect(mails[0]!.text).not.toMatch(/smurf|main/);
  });
});
