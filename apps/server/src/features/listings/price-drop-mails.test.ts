import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithSession, type Session } from '../../test/test-app';
import { createTestAppWithUploads, listingInput } from '../../test/listing-fixtures';

/** A member who favorited a listing hears when its price drops (decision 196), unless they turned it off. */
let ctx: Awaited<ReturnType<typeof createTestAppWithUploads>>;
type Member = Awaited<ReturnType<typeof userWithSession>>;
let seller: Member;

beforeAll(async () => {
  ctx = await createTestAppWithUploads();
  seller = await userWithSession(ctx, 'seller');
});
afterAll(() => ctx.close());

const TITLE = 'Ascendant Valorant account with 80 skins';
const call = (method: 'POST' | 'PUT', url: string, session: Session, payload: object) =>
  ctx.app.inject({ method, url, headers: session.headers, payload });
const edit = (id: string, priceCents: number, over: Record<string, unknown> = {}) =>
  call('PUT', `/api/listings/${id}`, seller.session, listingInput({ title: TITLE, priceCents, ...over }));
const dropMails = async (to: string) => (await ctx.mailsTo(to)).filter((m) => m.subject.startsWith('Price drop:'));

/** An active listing of the seller's, favorited by the members given. */
async function favoritedListing(...fans: Member[]) {
  const created = await call(
    'POST',
    '/api/listings',
    seller.session,
    listingInput({ title: TITLE, priceCents: 20_000 }),
  );
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  await ctx.db.updateTable('listings').set({ status: 'active' }).where('id', '=', id).execute();
  for (const fan of fans)
    expect((await call('POST', '/api/favorites', fan.session, { listingId: id })).statusCode).toBe(201);
  return id;
}

describe('price drops of favorites', () => {
  it('mail each member who favorited it, once per drop of 5% or more, never the seller', async () => {
    const fan = await userWithSession(ctx, 'buyer');
    const id = await favoritedListing(fan);

    expect((await edit(id, 17_500)).statusCode).toBe(200);
    const mails = await dropMails(fan.user.email);
    expect(mails.map((m) => m.subject)).toEqual([`Price drop: ${TITLE} now $175`]);
    expect(mails[0]!.text).toContain(`"${TITLE}" now costs $175 (it was $200).`);
    expect(mails[0]!.text).toContain(`Open the listing: ${ctx.deps.config.publicUrl}/account/${seller.user.id}/${id}`);
    expect(mails[0]!.html).toContain('A favorite of yours is cheaper');
    // Each member's own Unsubscribe link: one click from the mail app stops these mails for them.
    const oneClick = /^<https?:\/\/[^/]+(\/api\/email\/unsubscribe\?token=\S+)>$/.exec(
      mails[0]!.headers?.['List-Unsubscribe'] ?? '',
    )?.[1];
    expect(mails[0]!.text).toMatch(/\nUnsubscribe: https?:\/\/\S+\/unsubscribe\?token=\S+$/);
    const off = await ctx.app.inject({
      method: 'POST',
      url: oneClick!,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(off.json()).toEqual({ topic: 'priceDrops', mail: "emails when a favorite's price drops" });
    const prefs = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile/email-preferences',
      headers: fan.session.headers,
    });
    expect(prefs.json()).toEqual({ unreadMessages: true, priceDrops: false });
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile/email-preferences',
      headers: fan.session.headers,
      payload: { unreadMessages: true, priceDrops: true },
    });

    // Less than 5% below the price last mailed, a rise, and the same price again: no mail.
    for (const cents of [17_000, 19_000, 17_000]) expect((await edit(id, cents)).statusCode).toBe(200);
    expect(await dropMails(fan.user.email)).toHaveLength(1);
    // 5% below $175.00 is mailed.
    expect((await edit(id, 16_625)).statusCode).toBe(200);
    expect((await dropMails(fan.user.email)).map((m) => m.subject).at(-1)).toBe(`Price drop: ${TITLE} now $166.25`);
    expect(await dropMails(seller.user.email)).toEqual([]);
  });

  it('respect the preference, and say nothing of a listing not for sale', async () => {
    const off = await userWithSession(ctx, 'buyer');
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile/email-preferences',
      headers: off.session.headers,
      payload: { unreadMessages: true, priceDrops: false },
    });
    expect(put.json()).toEqual({ unreadMessages: true, priceDrops: false });
    // A PUT without it leaves it off.
    const again = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile/email-preferences',
      headers: off.session.headers,
      payload: { unreadMessages: false },
    });
    expect(again.json()).toEqual({ unreadMessages: false, priceDrops: false });
    const on = await userWithSession(ctx, 'buyer');
    const id = await favoritedListing(off, on);
    expect((await edit(id, 15_000)).statusCode).toBe(200);
    expect(await dropMails(off.user.email)).toEqual([]);
    expect(await dropMails(on.user.email)).toHaveLength(1);

    await ctx.db.updateTable('listings').set({ status: 'draft' }).where('id', '=', id).execute();
    expect((await edit(id, 10_000)).statusCode).toBe(200);
    expect(await dropMails(on.user.email)).toHaveLength(1);
  });

  it('never reach a member in a block with the seller, either way', async () => {
    const [blocker, blocked, fan] = await Promise.all([1, 2, 3].map(() => userWithSession(ctx, 'buyer')));
    const id = await favoritedListing(blocker, blocked, fan);
    const block = (blockerId: string, blockedId: string) =>
      ctx.db.insertInto('userBlocks').values({ blockerId, blockedId, createdAt: ctx.clock.now() }).execute();
    await block(blocker.user.id, seller.user.id);
    await block(seller.user.id, blocked.user.id);
    expect((await edit(id, 15_000)).statusCode).toBe(200);
    expect(await dropMails(blocker.user.email)).toEqual([]);
    expect(await dropMails(blocked.user.email)).toEqual([]);
    expect(await dropMails(fan.user.email)).toHaveLength(1);
  });

  it('refuse a malformed choice with a clear message and change nothing', async () => {
    const m = await userWithSession(ctx, 'buyer');
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile/email-preferences',
      headers: m.session.headers,
      payload: { unreadMessages: true, priceDrops: 'no' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('Price drop emails must be on (true) or off (false)');
    const get = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile/email-preferences',
      headers: m.session.headers,
    });
    expect(get.json()).toEqual({ unreadMessages: true, priceDrops: true });
  });

  it('are told from the price a member saved it at: raised and lowered again above it, nothing is mailed', async () => {
    const fan = await userWithSession(ctx, 'buyer');
    const id = await favoritedListing(fan); // saved at $200
    // Raised to $1,000, then "dropped" to $900: still far above the $200 the member saved it at.
    expect((await edit(id, 100_000)).statusCode).toBe(200);
    expect((await edit(id, 90_000)).statusCode).toBe(200);
    expect((await dropMails(fan.user.email)).map((m) => m.subject)).toEqual([]);
    // A drop below what the member saw is mailed.
    expect((await edit(id, 15_000)).statusCode).toBe(200);
    expect((await dropMails(fan.user.email)).map((m) => m.subject)).toEqual([`Price drop: ${TITLE} now $150`]);
  });
});
