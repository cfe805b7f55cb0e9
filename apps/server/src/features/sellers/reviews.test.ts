import { openConversation, sendTextMessage } from '../../test/chat-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES as R } from '@accountry/shared/reviews';
import type { SellerProfile } from '@accountry/shared/sellers';
import { createUser, insertDeletedUser, signInAs, userWithSession, type Session } from '../../test/test-app';
import { insertOrderRow } from '../../test/order-fixtures';
import { createTestAppWithUploads, insertConversation, insertTestListing } from '../../test/listing-fixtures';

let ctx: Awaited<ReturnType<typeof createTestAppWithUploads>>;
let sellerId: string;
let seller: Session;

beforeAll(async () => {
  ctx = await createTestAppWithUploads();
  sellerId = (await createUser(ctx, { role: 'seller', displayName: 'Nova Trades' })).id;
  seller = await signInAs(ctx, sellerId);
});
afterAll(() => ctx.close());

const review = (
  s: Session,
  listingId: string,
  payload: object = { rating: 5, comment: 'Smooth handover, exactly as described.' },
) => ctx.app.inject({ method: 'POST', url: `/api/listings/${listingId}/reviews`, headers: s.headers, payload });
const reply = (s: Session, reviewId: string, text = 'Thank you, enjoy the account!') =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/reviews/${reviewId}/reply`,
    headers: s.headers,
    payload: { reply: text },
  });

describe('reviews', () => {
  it('lets the buyer of a completed order rate the seller once', async () => {
    const buyer = await userWithSession(ctx, 'buyer');
    const listing = await insertTestListing(ctx, sellerId, { status: 'sold', soldAt: ctx.clock.now() });
    const order = await insertOrderRow(ctx, {
      listingId: listing.id,
      buyerId: buyer.user.id,
      sellerId,
      status: 'protection',
      completedAt: null,
    });

    const early = await review(buyer.session, listing.id);
    expect(early.statusCode).toBe(400);
    expect(early.json().error.message).toBe('You can review the seller once your order is completed.');

    await ctx.db
      .updateTable('orders')
      .set({ status: 'completed', completedAt: ctx.clock.now() })
      .where('id', '=', order.id)
      .execute();
    const res = await review(buyer.session, listing.id);
    expect(res.statusCode, res.body).toBe(201);
    const sellerEmail = (await ctx.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', sellerId)
      .executeTakeFirst())!.email;
    const mail = await ctx.lastMail(sellerEmail);
    expect(mail?.subject).toBe(`${buyer.user.displayName} reviewed your listing: ${listing.title}`);
    expect(mail?.text).toContain(`5 of 5 stars for "${listing.title}".\n"Smooth handover, exactly as described."`);
    expect(res.json()).toMatchObject({
      listingId: listing.id,
      sellerId,
      buyerId: buyer.user.id,
      rating: 5,
      reply: null,
    });
    const stored = await ctx.db
      .selectFrom('reviews')
      .select('orderId')
      .where('id', '=', res.json().id)
      .executeTakeFirst();
    expect(stored?.orderId).toBe(order.id);

    const twice = await review(buyer.session, listing.id, { rating: 1, comment: 'Changed my mind about this one.' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(R.already);

    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/listings/${listing.id}`,
      headers: buyer.session.headers,
    });
    expect(detail.json().review).toMatchObject({ blocker: R.already, mine: { rating: 5 } });
  });

  it('refuses buyers without an order (chatting is not enough), refunded orders, late reviews and the seller', async () => {
    const stranger = await userWithSession(ctx, 'buyer');
    const listing = await insertTestListing(ctx, sellerId, { status: 'sold', soldAt: ctx.clock.now() });
    await insertConversation(ctx, listing.id, stranger.user.id, sellerId);
    const res = await review(stranger.session, listing.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Only the buyer of a completed order can review the seller.');

    const refundedBuyer = await userWithSession(ctx, 'buyer');
    const refundedListing = await insertTestListing(ctx, sellerId, { status: 'sold' });
    await insertOrderRow(ctx, {
      listingId: refundedListing.id,
      buyerId: refundedBuyer.user.id,
      sellerId,
      status: 'refunded',
      refundedCents: 10_000,
    });
    const refunded = await review(refundedBuyer.session, refundedListing.id);
    expect(refunded.json().error.message).toBe('A refunded order cannot be reviewed.');

    const lateBuyer = await userWithSession(ctx, 'buyer');
    const lateListing = await insertTestListing(ctx, sellerId, { status: 'sold' });
    await insertOrderRow(ctx, {
      listingId: lateListing.id,
      buyerId: lateBuyer.user.id,
      sellerId,
      completedAt: ctx.clock.now() - 30 * 24 * 3_600_000,
    });
    const late = await review(lateBuyer.session, lateListing.id);
    expect(late.json().error.message).toBe('Reviews can be written within 30 days of the order completing.');

    const own = await review(seller, listing.id);
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe(R.own);
  });

  it.each([
    ['a rating of 0', { rating: 0, comment: 'Fine seller overall, thanks.' }, 'rating', R.rating],
    ['a rating of 6', { rating: 6, comment: 'Fine seller overall, thanks.' }, 'rating', R.rating],
    ['a short comment', { rating: 4, comment: 'ok' }, 'comment', R.comment],
  ])('validates %s', async (_n, payload, field, message) => {
    const buyer = await userWithSession(ctx, 'buyer');
    const listing = await insertTestListing(ctx, sellerId, { status: 'sold' });
    await insertConversation(ctx, listing.id, buyer.user.id, sellerId);
    const res = await review(buyer.session, listing.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
  });

  it('lets the seller answer once, and nobody else; the reviewer hears of the answer', async () => {
    const buyer = await userWithSession(ctx, 'both');
    const listing = await insertTestListing(ctx, sellerId, { status: 'sold', title: 'Answered Steam account' });
    await insertOrderRow(ctx, { listingId: listing.id, buyerId: buyer.user.id, sellerId });
    const created = (
      await review(buyer.session, listing.id, { rating: 3, comment: 'Took a while, but it worked in the end.' })
    ).json();
    const notYours = await reply(buyer.session, created.id);
    expect(notYours.statusCode).toBe(403);
    expect(notYours.json().error.message).toBe(R.replyNotYours);
    const ok = await reply(seller, created.id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ reply: 'Thank you, enjoy the account!', repliedAt: ctx.clock.now() });
    const again = await reply(seller, created.id, 'Another answer');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(R.alreadyReplied);
    expect((await reply(seller, 'missing')).statusCode).toBe(404);
    // One mail to the reviewer (the refused second answer sends none), none to the seller who answered.
    const answered = (await ctx.mailsTo(buyer.user.email)).filter((m) => m.subject.includes('answered your review'));
    expect(answered.map((m) => m.subject)).toEqual(['Nova Trades answered your review: Answered Steam account']);
    expect(answered[0]!.text).toContain('"Thank you, enjoy the account!"');
    expect(answered[0]!.text).toContain(`Read the answer: ${ctx.deps.config.publicUrl}/seller/${sellerId}`);
    expect(ctx.mailer.sent.filter((m) => m.subject.includes('answered your review'))).toHaveLength(1);
  });
});

describe('seller profile', () => {
  it('shows rating, counts and reviews to signed-in members', async () => {
    const s = await createUser(ctx, { role: 'both', displayName: 'Rated Seller' });
    const ratings = [5, 4, 4];
    for (const rating of ratings) {
      const b = await userWithSession(ctx, 'buyer');
      const l = await insertTestListing(ctx, s.id, { status: 'sold' });
      await insertOrderRow(ctx, { listingId: l.id, buyerId: b.user.id, sellerId: s.id });
      ctx.clock.advance(1);
      expect(
        (await review(b.session, l.id, { rating, comment: 'Quick and friendly seller, recommended.' })).statusCode,
      ).toBe(201);
    }
    await insertTestListing(ctx, s.id);
    await insertTestListing(ctx, s.id, { status: 'hidden' });
    await insertTestListing(ctx, s.id, { deletedAt: ctx.clock.now() });
    const viewer = await userWithSession(ctx, 'buyer');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/sellers/${s.id}` })).statusCode).toBe(401);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/sellers/${s.id}`, headers: viewer.session.headers });
    expect(res.json() as SellerProfile).toMatchObject({
      displayName: 'Rated Seller',
      role: 'both',
      rating: { average: 4.3, count: 3 },
      ratingBreakdown: [0, 0, 0, 2, 1],
      activeListings: 1,
      soldCount: 3,
      completedSales: 3,
      disputeRate: 0,
    });
    const reviews = await ctx.app.inject({
      method: 'GET',
      url: `/api/sellers/${s.id}/reviews`,
      headers: viewer.session.headers,
    });
    expect(reviews.json().items.map((r: { rating: number }) => r.rating)).toEqual([4, 4, 5]);
  });

  it('leaves out the title of a listing the admins withdrew (hidden): it is no longer public', async () => {
    const buyer = await userWithSession(ctx, 'buyer');
    const listing = await insertTestListing(ctx, sellerId, {
      status: 'sold',
      soldAt: ctx.clock.now(),
      title: 'Withdrawn account title',
    });
    await insertOrderRow(ctx, {
      listingId: listing.id,
      buyerId: buyer.user.id,
      sellerId,
      status: 'completed',
      completedAt: ctx.clock.now(),
    });
    const written = await review(buyer.session, listing.id);
    expect(written.statusCode, written.body).toBe(201);
    const titleShown = async () => {
      const page = await ctx.app.inject({ url: `/api/sellers/${sellerId}/reviews`, headers: buyer.session.headers });
      const items = page.json().items as Array<{ id: string; listingTitle: string | null }>;
      return items.find((r) => r.id === written.json().id)?.listingTitle;
    };
    expect(await titleShown()).toBe('Withdrawn account title');
    await ctx.db
      .updateTable('listings')
      .set({ status: 'hidden', statusBeforeHidden: 'sold', hiddenReason: 'Breaks the rules' })
      .where('id', '=', listing.id)
      .execute();
    expect(await titleShown()).toBeNull();
  });

  it('derives the response time from chats once there are a few', async () => {
    const s = await userWithSession(ctx, 'seller');
    const viewer = await userWithSession(ctx, 'buyer');
    const profile = async () =>
      (
        await ctx.app.inject({ method: 'GET', url: `/api/sellers/${s.user.id}`, headers: viewer.session.headers })
      ).json().responseTimeMinutes;
    const send = (headers: Record<string, string>, conversationId: string, body: string) =>
      sendTextMessage(ctx.app, headers, conversationId, body);
    for (const minutes of [5, 10, 60]) {
      expect(await profile()).toBeNull();
      const b = await userWithSession(ctx, 'buyer');
      const l = await insertTestListing(ctx, s.user.id);
      const c = await openConversation(ctx.app, b.session.headers, l.id);
      await send(b.session.headers, c, 'Hi');
      ctx.clock.advance(minutes * 60_000);
      await send(s.session.headers, c, 'Hello');
      ctx.clock.advance(60_000);
      await send(b.session.headers, c, 'Thanks');
    }
    expect(await profile()).toBe(10);
  });

  it('answers 404 for unknown and deleted members', async () => {
    const viewer = await userWithSession(ctx, 'buyer');
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/sellers/nobody', headers: viewer.session.headers })).statusCode,
    ).toBe(404);
    const gone = await createUser(ctx, { role: 'seller' });
    await insertDeletedUser(ctx.db, gone);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/sellers/${gone.id}`, headers: viewer.session.headers }))
        .statusCode,
    ).toBe(404);
  });

  it('answers 404 "Seller not found" for a disabled seller, as for a deleted one, until enabled again', async () => {
    const viewer = await userWithSession(ctx, 'buyer');
    const admin = await userWithSession(ctx, 'admin');
    const seller = await createUser(ctx, { role: 'seller' });
    await insertTestListing(ctx, seller.id);
    const read = async () =>
      Promise.all(
        [`/api/sellers/${seller.id}`, `/api/sellers/${seller.id}/reviews`].map(async (url) => {
          const res = await ctx.app.inject({ method: 'GET', url, headers: viewer.session.headers });
          return res.statusCode === 404 ? [404, res.json().error.message] : [res.statusCode];
        }),
      );
    const act = (action: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/users/${seller.id}/${action}`,
        headers: admin.session.headers,
        payload: {},
      });
    expect(await read()).toEqual([[200], [200]]);
    expect((await act('disable')).statusCode).toBe(200);
    expect(await read()).toEqual([
      [404, 'Seller not found'],
      [404, 'Seller not found'],
    ]);
    expect((await act('enable')).statusCode).toBe(200);
    expect(await read()).toEqual([[200], [200]]);
  });

  it('answers the reviews of a deleted, unknown or non-seller as their profile: 404 "Seller not found"', async () => {
    const viewer = await userWithSession(ctx, 'buyer');
    const gone = await createUser(ctx, { role: 'seller' });
    const listing = await insertTestListing(ctx, gone.id, { status: 'sold', soldAt: ctx.clock.now() });
    const buyer = await createUser(ctx, { role: 'buyer' });
    await ctx.db
      .insertInto('reviews')
      .values({
        id: `gone-review-${gone.id}`,
        listingId: listing.id,
        sellerId: gone.id,
        buyerId: buyer.id,
        rating: 2,
        comment: 'Slow to answer.',
        reply: null,
        repliedAt: null,
        createdAt: ctx.clock.now(),
      })
      .execute();
    const reviewsOf = (id: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/sellers/${id}/reviews`, headers: viewer.session.headers });
    expect((await reviewsOf(gone.id)).json().items).toHaveLength(1);
    await insertDeletedUser(ctx.db, gone);
    const nonSeller = await createUser(ctx, { role: 'buyer' });
    for (const id of [gone.id, 'nobody', nonSeller.id]) {
      const res = await reviewsOf(id);
      expect({ status: res.statusCode, message: res.json().error?.message }, id).toEqual({
        status: 404,
        message: 'Seller not found',
      });
    }
  });
});
