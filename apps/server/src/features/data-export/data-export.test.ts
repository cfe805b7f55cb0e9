import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_PASSWORD,
  createTestApp,
  signInAs,
  userWithSession,
  type Session,
  type TestContext,
} from '../../test/test-app';
import { mailTo, memberWithTwoFactor, nextCode } from '../../test/two-factor-helpers';
import { insertConversation } from '../../test/listing-fixtures';
import { arrangeDeal, call, orderUpTo } from '../../test/deal-fixtures';
import { newId } from '../../lib/ids';
import { INACTIVITY_TIMEOUT_MS } from '@accountry/shared/constants';

/** A member downloads a copy of the data kept about them (decision 179). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://market.example' });
});
afterAll(() => ctx.close());

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
let lastIp = 0;
// Each download from its own address, clear of the per-address limit of password confirmations.
const download = (session: Session, payload: object, ip = `203.0.113.${++lastIp}`) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/profile/data-export',
    payload,
    headers: { ...session.headers, 'user-agent': FIREFOX },
    remoteAddress: ip,
  });
const eventsOf = async (userId: string, kind: string) =>
  (await ctx.db.selectFrom('accountEvents').selectAll().where('userId', '=', userId).execute()).filter(
    (e) => e.kind === kind,
  );
const SUBJECT = 'A copy of your Accountry data was requested';

describe('downloading your data', () => {
  it("gives the buyer their account, chats, orders and wallet, but not credentials, secrets or others' data", async () => {
    const deal = await arrangeDeal(ctx, { title: 'Diamond Valorant account' });
    const orderId = await orderUpTo(ctx, deal, 'delivered');
    expect((await call(ctx, deal.buyer, 'POST', '/api/favorites', { listingId: deal.listing.id })).status).toBe(201);
    expect((await call(ctx, deal.buyer, 'POST', '/api/saved-searches', { query: 'q=valorant' })).status).toBe(201);
    // Someone else's conversation stays out of the file.
    const other = await userWithSession(ctx, 'buyer', { displayName: 'Olga Other' });
    const otherChat = await insertConversation(ctx, deal.listing.id, other.user.id, deal.seller.id);

    const res = await download(deal.buyer.session, { password: TEST_PASSWORD }, '198.51.100.23');
    expect(res.statusCode, res.body).toBe(200);
    const day = new Date(ctx.clock.now()).toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="accountry-data-${day}.json"`);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');

    const file = res.json();
    expect(file.format).toBe('accountry-data-export/1');
    expect(file.exportedAt).toBe(new Date(ctx.clock.now()).toISOString());
    expect(file.account).toMatchObject({
      id: deal.buyer.id,
      email: deal.buyer.email,
      displayName: 'Bea Buyer',
      role: 'buyer',
      twoFactorSignIn: { on: false, since: null },
      payoutDetails: null,
    });
    expect(file.account.signedInDevices).toContainEqual(
      expect.objectContaining({ usedForThisDownload: true, device: 'An unknown browser on a desktop' }),
    );
    expect(file.favorites).toEqual([
      {
        listingId: deal.listing.id,
        title: 'Diamond Valorant account',
        availability: 'sold',
        availabilityLabel: 'Sold',
        addedAt: expect.any(String),
      },
    ]);
    expect(file.savedSearches).toEqual([
      { search: '/browse?q=valorant', savedAt: expect.any(String), emailAlerts: true },
    ]);
    expect(file.listings).toEqual([]);

    expect(file.orders).toHaveLength(1);
    const order = file.orders[0];
    expect(order).toMatchObject({
      id: orderId,
      youAre: 'buyer',
      with: 'Sam Seller',
      listing: { id: deal.listing.id, title: 'Diamond Valorant account' },
      status: 'delivered',
      dispute: null,
    });
    expect(order.history.map((h: { to: string }) => h.to)).toEqual(['pending_payment', 'paid', 'delivered']);
    expect(order.history.map((h: { by: string }) => h.by)).toEqual(['you', 'you', 'Sam Seller']);
    expect(order).toMatchObject({ statusLabel: 'Delivered, inspection', refundedCents: 0 });
    // The site's fee is the seller's business, not a charge on the buyer's order.
    expect(order).not.toHaveProperty('platformFeeCents');

    // The order's chat, with its order events, and only this member's conversations.
    expect(file.conversations.map((c: { id: string }) => c.id)).not.toContain(otherChat);
    expect(file.conversations).toHaveLength(1);
    expect(file.conversations[0]).toMatchObject({ youAre: 'buyer', with: 'Sam Seller' });
    expect(file.conversations[0].messages.length).toBeGreaterThan(0);
    expect(file.conversations[0].messages.every((m: { from: string }) => m.from === 'Accountry')).toBe(true);

    expect(file.wallet.entries).toContainEqual(
      expect.objectContaining({ kind: 'order_payment', kindLabel: 'Order payment' }),
    );
    expect(file.wallet.currency).toBe('USD');
    expect(file.wallet.payouts).toEqual([]);
    // Indented, with how to read it at the top.
    expect(res.body.startsWith('{\n  "format": "accountry-data-export/1",\n')).toBe(true);
    expect(file.about.times).toBe('Times are in UTC (ISO 8601, ending in Z).');
    expect(file.wallet.availableCents + file.wallet.heldCents).toBeGreaterThan(0);

    // Never the credentials handed over, the password hash or another member's address.
    const hash = (
      await ctx.db.selectFrom('users').select('passwordHash').where('id', '=', deal.buyer.id).execute()
    )[0]!;
    expect(res.body).not.toContain('S3cret-pass!');
    expect(res.body).not.toContain('valorant_king');
    expect(res.body).not.toContain(hash.passwordHash);
    expect(res.body).not.toContain(deal.seller.email);
    expect(res.body).not.toContain(other.user.email);
    expect(file.notIncluded).toEqual([
      'Account credentials handed over in orders: open the order to read them while they are kept.',
      'Full payout account numbers: only their summary, as the wallet shows it.',
      'Your password, two-factor key and recovery codes: they would let someone sign in as you, so they never leave ' +
        'our servers.',
    ]);

    // Recorded in the security activity and mailed to the address.
    const [event] = await eventsOf(deal.buyer.id, 'data_exported');
    expect(event).toMatchObject({ ip: '198.51.100.23', device: 'Firefox on a desktop' });
    expect(file.securityActivity).toContainEqual({
      kind: 'data_exported',
      kindLabel: "Asked for a copy of the account's data",
      at: new Date(ctx.clock.now()).toISOString(),
      ip: '198.51.100.23',
      device: 'Firefox on a desktop',
    });
    const mail = await mailTo(ctx, deal.buyer.email, SUBJECT);
    expect(mail?.text).toContain('from Firefox on a desktop, from the IP address 198.51.100.23');
    expect(mail?.text).toContain(
      'If not, someone knows your password: change it now, sign out everywhere from your profile, and turn on ' +
        'two-factor sign-in.',
    );
  });

  it('gives the seller their listings with photos and the other side of their orders', async () => {
    const deal = await arrangeDeal(ctx, { title: 'Level 80 WoW account' });
    await ctx.db
      .insertInto('listingImages')
      .values({
        id: newId(),
        listingId: deal.listing.id,
        position: 0,
        url: '/uploads/listings/a.webp',
        thumbUrl: '/uploads/listings/a-thumb.webp',
        width: 800,
        height: 600,
        createdAt: ctx.clock.now(),
      })
      .execute();
    await orderUpTo(ctx, deal, 'paid');
    // A payout paid earlier, and the transfer's reference an admin recorded with it (decision 188).
    const paidAt = ctx.clock.now();
    const payout = { userId: deal.seller.id, amountCents: 5_000, reason: '', createdAt: paidAt, decidedAt: paidAt };
    await ctx.db
      .insertInto('payouts')
      .values({ ...payout, id: newId(), status: 'paid', destinationSummary: 'IBAN ending 3000', reference: 'TRF-0042' })
      .execute();
    // Fixtures date their listings a little ahead; the file holds what existed when it was asked for.
    ctx.clock.advance(1000);
    const res = await download(deal.seller.session, { password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const file = res.json();
    expect(file.listings).toHaveLength(1);
    expect(file.listings[0]).toMatchObject({
      id: deal.listing.id,
      title: 'Level 80 WoW account',
      status: 'reserved',
      photos: ['https://market.example/uploads/listings/a.webp'],
    });
    expect(file.orders[0]).toMatchObject({ youAre: 'seller', with: 'Bea Buyer', status: 'paid' });
    expect(file.conversations[0]).toMatchObject({ youAre: 'seller', with: 'Bea Buyer' });
    expect(file.wallet.payouts).toEqual([
      expect.objectContaining({
        amountCents: 5_000,
        status: 'paid',
        to: 'IBAN ending 3000',
        transferReference: 'TRF-0042',
      }),
    ]);
  });

  it('gives offers made and received, and favorites taken off the site only as the site shows them', async () => {
    const deal = await arrangeDeal(ctx, { title: 'Immortal Valorant account', priceCents: 10_000, negotiable: true });
    expect((await call(ctx, deal.buyer, 'POST', '/api/favorites', { listingId: deal.listing.id })).status).toBe(201);
    const made = await call(ctx, deal.buyer, 'POST', `/api/listings/${deal.listing.id}/offers`, { amountCents: 8_000 });
    expect(made.status).toBe(201);
    expect((await call(ctx, deal.seller, 'POST', `/api/offers/${made.body.id as string}/accept`)).status).toBe(200);
    // The seller takes the listing back to a draft and renames it: the favorites page and the offer no longer show its
    // title (the chat, where the two talk about it, does; so does the file's copy of that chat).
    expect(
      (await call(ctx, deal.seller, 'POST', `/api/listings/${deal.listing.id}/status`, { status: 'draft' })).status,
    ).toBe(200);
    await ctx.db
      .updateTable('listings')
      .set({ title: 'Private draft: relist for a friend' })
      .where('id', '=', deal.listing.id)
      .execute();
    ctx.clock.advance(1000);

    const res = await download(await signInAs(ctx, deal.buyer.id), { password: TEST_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    const file = res.json();
    expect(JSON.stringify([file.favorites, file.offers])).not.toContain('Private draft');
    expect(file.favorites).toEqual([
      {
        listingId: deal.listing.id,
        title: null,
        availability: 'removed',
        availabilityLabel: 'No longer available',
        addedAt: expect.any(String),
      },
    ]);
    expect(file.offers).toEqual([
      {
        id: made.body.id,
        youAre: 'buyer',
        with: 'Sam Seller',
        listing: { id: deal.listing.id, title: 'Immortal Valorant account', priceCents: 10_000 },
        amountCents: 8_000,
        counterCents: null,
        currency: 'USD',
        status: 'accepted',
        statusLabel: 'Accepted',
        madeAt: expect.any(String),
        changedAt: expect.any(String),
        dueAt: new Date(ctx.clock.now() - 1000 + 24 * 3_600_000).toISOString(),
        orderId: null,
      },
    ]);

    // The seller's copy holds the same offer from their side.
    const sellers = (await download(await signInAs(ctx, deal.seller.id), { password: TEST_PASSWORD })).json();
    expect(sellers.offers).toEqual([
      expect.objectContaining({ youAre: 'seller', with: 'Bea Buyer', amountCents: 8_000 }),
    ]);
  });

  it('gives a long chat whole and in order', async () => {
    const deal = await arrangeDeal(ctx);
    const chat = await insertConversation(ctx, deal.listing.id, deal.buyer.id, deal.seller.id);
    const rows = Array.from({ length: 1201 }, (_, i) => ({
      id: newId(),
      conversationId: chat,
      seq: i + 1,
      kind: 'user' as const,
      senderId: i % 2 ? deal.seller.id : deal.buyer.id,
      clientId: newId(),
      body: `message ${i + 1}`,
      attachmentId: null,
      attachmentWidth: null,
      attachmentHeight: null,
      createdAt: ctx.clock.now() - 2000 + i,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await ctx.db
        .insertInto('messages')
        .values(rows.slice(i, i + 200))
        .execute();
    await ctx.db.updateTable('conversations').set({ lastSeq: rows.length }).where('id', '=', chat).execute();
    const res = await download(await signInAs(ctx, deal.buyer.id), { password: TEST_PASSWORD });
    const [conversation] = res.json().conversations;
    expect(conversation.messages).toHaveLength(1201);
    expect(conversation.messages.map((m: { text: string }) => m.text)).toEqual(rows.map((r) => r.body));
    expect(conversation.messages.slice(0, 2).map((m: { from: string }) => m.from)).toEqual(['you', 'Sam Seller']);
  });

  it("gives the email preferences a member may choose: an admin's include the admin task mail", async () => {
    const member = await userWithSession(ctx, 'seller');
    const admin = await userWithSession(ctx, 'admin');
    const off = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile/email-preferences',
      payload: { unreadMessages: true, adminWaiting: false },
      headers: admin.session.headers,
    });
    expect(off.statusCode, off.body).toBe(200);
    const prefsOf = async (session: Session) =>
      (await download(session, { password: TEST_PASSWORD })).json().account.emailPreferences;
    expect(await prefsOf(member.session)).toEqual({ unreadMessages: true, priceDrops: true });
    expect(await prefsOf(admin.session)).toEqual({ unreadMessages: true, adminWaiting: false, priceDrops: true });
  });

  it('lists only the devices still signed in: a session idle past its timeout signs in nowhere', async () => {
    const { user } = await userWithSession(ctx, 'buyer');
    const remembered = await signInAs(ctx, user.id, true);
    ctx.clock.advance(INACTIVITY_TIMEOUT_MS + 1);
    const res = await download(remembered, { password: TEST_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().account.signedInDevices).toEqual([
      expect.objectContaining({ usedForThisDownload: true, rememberMe: true }),
    ]);
  });

  it('streams the file compressed when the browser accepts it', async () => {
    const { user, session } = await userWithSession(ctx, 'buyer');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/profile/data-export',
      payload: { password: TEST_PASSWORD },
      headers: { ...session.headers, 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString()).account.id).toBe(user.id);
  });

  it('refuses a wrong password, a missing session and a missing code, and changes nothing', async () => {
    const { user, session } = await userWithSession(ctx, 'seller');
    const wrong = await download(session, { password: 'Not-the-password-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ password: 'Your current password is incorrect.' });
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/profile/data-export',
      payload: { password: TEST_PASSWORD },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await eventsOf(user.id, 'data_exported')).toEqual([]);
    expect(await mailTo(ctx, user.email, SUBJECT)).toBeUndefined();

    const member = await memberWithTwoFactor(ctx);
    const noCode = await download(member.session, { password: TEST_PASSWORD });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().error.fields).toEqual({ code: 'Enter the 6-digit code from your authenticator app.' });
    expect(await eventsOf(member.user.id, 'data_exported')).toEqual([]);
    ctx.clock.advance(30_000);
    const withCode = await download(member.session, { password: TEST_PASSWORD, code: nextCode(ctx, member.key) });
    expect(withCode.statusCode, withCode.body).toBe(200);
    expect(withCode.json().account.twoFactorSignIn).toEqual({
      on: true,
      since: expect.any(String),
    });
  });

  it('allows five downloads in 24 hours', async () => {
    const { user, session } = await userWithSession(ctx, 'buyer');
    for (let i = 0; i < 5; i++) expect((await download(session, { password: TEST_PASSWORD })).statusCode).toBe(200);
    ctx.clock.advance(3 * 60 * 60 * 1000);
    const sixth = await download(await signInAs(ctx, user.id), { password: TEST_PASSWORD });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.message).toBe('You can download your data 5 times in 24 hours. Try again in 21 hours.');
    expect(await eventsOf(user.id, 'data_exported')).toHaveLength(5);
    ctx.clock.advance(21 * 60 * 60 * 1000 + 1);
    // The session timed out meanwhile: the same member signs in again.
    expect((await download(await signInAs(ctx, user.id), { password: TEST_PASSWORD })).statusCode).toBe(200);
  });
});
