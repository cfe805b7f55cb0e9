import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, userWithSession, type TestContext } from '../../test/test-app';
import { availableAccount } from '../../lib/ledger';
import {
  arrangeDeal,
  balance,
  call,
  expectLedgerHealthy,
  listingChat,
  sweep,
  type Party,
  partyWithSession,
} from './orders-test-helpers';

/** Offers on negotiable listings (decision 180). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://market.example' });
});
afterEach(() => expectLedgerHealthy(ctx));
afterAll(() => ctx.close());

const H = 3_600_000;
const negotiable = () => arrangeDeal(ctx, { priceCents: 10_000, negotiable: true, title: 'Immortal Valorant account' });
const offer = (who: Party, listingId: string, amountCents: number) =>
  call(ctx, who, 'POST', `/api/listings/${listingId}/offers`, { amountCents });
const answer = (who: Party, id: string, verb: 'accept' | 'decline' | 'withdraw') =>
  call(ctx, who, 'POST', `/api/offers/${id}/${verb}`);
const chatOf = (listingId: string) => listingChat(ctx, listingId);
const mailsTo = async (email: string) => (await ctx.mailsTo(email)).map((m) => m.subject);

describe('offers', () => {
  it('a draft or hidden listing is answered as a missing one: neither its existence nor its terms show', async () => {
    for (const [status, isNegotiable] of [
      ['draft', true],
      ['hidden', true],
      ['hidden', false],
    ] as const) {
      const deal = await arrangeDeal(ctx, { status, negotiable: isNegotiable });
      const made = await offer(deal.buyer, deal.listing.id, 8_000);
      expect([made.status, made.body.error?.message], `${status}, negotiable: ${isNegotiable}`).toEqual([
        404,
        'Listing not found',
      ]);
    }
    const deal = await negotiable();
    const missing = await offer(deal.buyer, 'no-such-listing', 8_000);
    expect([missing.status, missing.body.error?.message]).toEqual([404, 'Listing not found']);
  });

  it('an accepted offer is bought at its price, once, and both sides hear of each step', async () => {
    const deal = await negotiable();
    const made = await offer(deal.buyer, deal.listing.id, 8_000);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      status: 'pending',
      amountCents: 8_000,
      currency: 'USD',
      buyerName: 'Bea Buyer',
      sellerName: 'Sam Seller',
      listing: { id: deal.listing.id, title: 'Immortal Valorant account', priceCents: 10_000, status: 'active' },
      expiresAt: ctx.clock.now() + 48 * H,
    });
    const id = made.body.id as string;
    expect(await mailsTo(deal.seller.email)).toContain('New offer on "Immortal Valorant account": $80');

    // Only the seller answers; a stranger learns nothing of it.
    expect((await answer(deal.buyer, id, 'accept')).status).toBe(403);
    const stranger = await userWithSession(ctx, 'seller');
    expect((await answer({ id: stranger.user.id, session: stranger.session }, id, 'accept')).status).toBe(404);

    const accepted = await answer(deal.seller, id, 'accept');
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'accepted', expiresAt: ctx.clock.now() + 24 * H });
    expect(await mailsTo(deal.buyer.email)).toContain('Your offer on "Immortal Valorant account" was accepted');
    expect(await chatOf(deal.listing.id)).toEqual([
      'The buyer offered $80 for this account. The seller has 48 hours to answer.',
      'The seller accepted the offer of $80. The buyer has 24 hours to buy at that price.',
    ]);

    const order = await call(ctx, deal.buyer, 'POST', '/api/orders', { listingId: deal.listing.id, offerId: id });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    expect(order.body).toMatchObject({ priceCents: 8_000, status: 'pending_payment' });
    expect((await call(ctx, deal.buyer, 'POST', `/api/orders/${order.body.id}/pay`)).status).toBe(200);
    expect(await balance(ctx, availableAccount(deal.buyer.id))).toBe(50_000 - 8_000);
    const mine = await call(ctx, deal.buyer, 'GET', `/api/offers?side=made&listingId=${deal.listing.id}`);
    expect(mine.body.items).toMatchObject([{ id, status: 'used', orderId: order.body.id }]);
  });

  it('an offer is used once, only by its buyer, and an unpaid order gives it back', async () => {
    const deal = await negotiable();
    const id = (await offer(deal.buyer, deal.listing.id, 7_000)).body.id as string;
    await answer(deal.seller, id, 'accept');
    const otherParty = await partyWithSession(ctx, 'buyer');
    const stolen = await call(ctx, otherParty, 'POST', '/api/orders', { listingId: deal.listing.id, offerId: id });
    expect(stolen.status).toBe(403);
    expect(stolen.body.error?.message).toBe('Only the buyer who made this offer can buy at its price.');

    const first = await call(ctx, deal.buyer, 'POST', '/api/orders', { listingId: deal.listing.id, offerId: id });
    expect(first.status).toBe(201);
    // Canceled unpaid: the offer is the buyer's again, and buys at its price.
    expect((await call(ctx, deal.buyer, 'POST', `/api/orders/${first.body.id}/cancel`, {})).status).toBe(200);
    const offers = await call(ctx, deal.buyer, 'GET', `/api/offers?side=made&listingId=${deal.listing.id}`);
    expect(offers.body.items).toMatchObject([{ id, status: 'accepted', orderId: null }]);
    const second = await call(ctx, deal.buyer, 'POST', '/api/orders', { listingId: deal.listing.id, offerId: id });
    expect(second.status).toBe(201);
    expect(second.body.priceCents).toBe(7_000);
    await call(ctx, deal.buyer, 'POST', `/api/orders/${second.body.id}/pay`);
    const again = await call(ctx, deal.buyer, 'POST', '/api/orders', { listingId: deal.listing.id, offerId: id });
    expect(again.status).toBe(409);
  });

  it('refuses offers the rules do not allow, and changes nothing', async () => {
    const deal = await negotiable();
    const fixed = await arrangeDeal(ctx, { priceCents: 10_000, negotiable: false });
    const cases: Array<[Party, string, number, number, string]> = [
      [fixed.buyer, fixed.listing.id, 8_000, 400, 'The seller does not take offers on this listing.'],
      [deal.seller, deal.listing.id, 8_000, 400, 'You cannot make an offer on your own listing.'],
      [deal.buyer, deal.listing.id, 4_999, 400, 'Offer at least $50, half the price.'],
      [deal.buyer, deal.listing.id, 10_000, 400, 'Offer less than the price, or buy the account at its price.'],
    ];
    for (const [who, listingId, amount, status, message] of cases) {
      const res = await offer(who, listingId, amount);
      expect([res.status, res.body.error?.message]).toEqual([status, message]);
    }
    expect((await offer(deal.buyer, deal.listing.id, 80.5)).status).toBe(400);
    expect((await offer(deal.buyer, 'no-such-listing', 8_000)).status).toBe(404);
    expect(await ctx.db.selectFrom('offers').selectAll().where('listingId', '=', deal.listing.id).execute()).toEqual(
      [],
    );

    expect((await offer(deal.buyer, deal.listing.id, 5_000)).status).toBe(201);
    const twice = await offer(deal.buyer, deal.listing.id, 6_000);
    expect([twice.status, twice.body.error?.message]).toEqual([
      409,
      'You already have an open offer on this listing. Withdraw it to make another.',
    ]);
  });

  it('a withdrawn or declined offer cannot be answered again; three offers a day on one listing', async () => {
    const deal = await negotiable();
    const first = (await offer(deal.buyer, deal.listing.id, 6_000)).body.id as string;
    expect((await answer(deal.buyer, first, 'withdraw')).body).toMatchObject({ status: 'withdrawn' });
    const late = await answer(deal.seller, first, 'accept');
    expect([late.status, late.body.error?.message]).toEqual([
      409,
      'This offer was already answered or withdrawn, or it expired.',
    ]);
    const second = (await offer(deal.buyer, deal.listing.id, 7_000)).body.id as string;
    expect((await answer(deal.seller, second, 'decline')).body).toMatchObject({ status: 'declined' });
    expect(await mailsTo(deal.buyer.email)).toContain('Your offer on "Immortal Valorant account" was declined');
    expect((await answer(deal.buyer, second, 'withdraw')).status).toBe(409);
    expect((await offer(deal.buyer, deal.listing.id, 7_500)).status).toBe(201);
    const fourth = await offer(deal.buyer, deal.listing.id, 7_600);
    expect([fourth.status, fourth.body.error?.message]).toEqual([
      429,
      'You can make 3 offers on a listing in 24 hours. Try again in 24 hours.',
    ]);
  });

  it('an unanswered offer expires after 48 hours, and an accepted one after 24, and a new one may follow', async () => {
    const deal = await negotiable();
    const id = (await offer(deal.buyer, deal.listing.id, 6_000)).body.id as string;
    ctx.clock.advance(48 * H);
    expect((await answer(deal.seller, id, 'accept')).status).toBe(409);
    const listed = await call(ctx, deal.seller, 'GET', '/api/offers?side=received');
    expect((listed.body.items as Array<{ id: string }>).find((o) => o.id === id)).toMatchObject({ status: 'expired' });
    const next = (await offer(deal.buyer, deal.listing.id, 6_500)).body.id as string;
    await answer(deal.seller, next, 'accept');
    ctx.clock.advance(24 * H);
    await sweep(ctx);
    const order = await call(ctx, deal.buyer, 'POST', '/api/orders', { listingId: deal.listing.id, offerId: next });
    expect([order.status, order.body.error?.message]).toEqual([
      409,
      'This offer can no longer be used: it was withdrawn or used, or it expired.',
    ]);
  });

  it('a seller cannot accept while the listing is held by an order, and lists received offers newest first', async () => {
    const deal = await negotiable();
    const id = (await offer(deal.buyer, deal.listing.id, 9_000)).body.id as string;
    const other = await userWithSession(ctx, 'buyer');
    await call(ctx, { id: other.user.id, session: other.session }, 'POST', '/api/orders', {
      listingId: deal.listing.id,
    });
    const held = await answer(deal.seller, id, 'accept');
    expect([held.status, held.body.error?.message]).toEqual([409, 'This listing is not for sale right now.']);
    const third = await userWithSession(ctx, 'buyer');
    const late = await offer({ id: third.user.id, session: third.session }, deal.listing.id, 9_000);
    expect([late.status, late.body.error?.message]).toEqual([409, 'Someone else is already buying this listing.']);
    const page = await call(ctx, deal.seller, 'GET', '/api/offers?side=received');
    expect((page.body.items as unknown[])[0]).toMatchObject({ id, status: 'pending', listing: { status: 'reserved' } });
    expect((await call(ctx, deal.seller, 'GET', '/api/offers?side=received&cursor=bad')).status).toBe(400);
  });

  it('the seller can answer with a price of their own, which the buyer accepts and buys at, or declines', async () => {
    const deal = await negotiable();
    const id = (await offer(deal.buyer, deal.listing.id, 7_000)).body.id as string;
    const counter = (who: Party, amountCents: number) =>
      call(ctx, who, 'POST', `/api/offers/${id}/counter`, { amountCents });
    for (const bad of [7_000, 10_000, 6_000])
      expect((await counter(deal.seller, bad)).body.error?.message).toBe(
        'Ask more than the offer of $70 and less than your price of $100.',
      );
    expect((await counter(deal.buyer, 8_500)).status).toBe(403);
    const countered = await counter(deal.seller, 8_500);
    expect(countered.body).toMatchObject({ status: 'countered', amountCents: 7_000, counterCents: 8_500 });
    expect(countered.body.expiresAt).toBe(ctx.clock.now() + 48 * H);
    expect(await mailsTo(deal.buyer.email)).toContain(
      'The seller of "Immortal Valorant account" answered your offer with $85',
    );
    // It is the buyer's turn now: the seller cannot accept or answer again.
    expect((await answer(deal.seller, id, 'accept')).status).toBe(409);
    expect((await call(ctx, deal.seller, 'POST', `/api/offers/${id}/accept-counter`)).status).toBe(403);

    const agreed = await call(ctx, deal.buyer, 'POST', `/api/offers/${id}/accept-counter`);
    expect(agreed.body).toMatchObject({ status: 'accepted', amountCents: 8_500, counterCents: 8_500 });
    expect(await mailsTo(deal.seller.email)).toContain(
      'Bea Buyer accepted your price of $85 for "Immortal Valorant account"',
    );
    expect((await call(ctx, deal.buyer, 'POST', `/api/offers/${id}/accept-counter`)).status).toBe(409);
    const order = await call(ctx, deal.buyer, 'POST', '/api/orders', { listingId: deal.listing.id });
    expect(order.body).toMatchObject({ priceCents: 8_500 });
    expect(await chatOf(deal.listing.id)).toEqual([
      'The buyer offered $70 for this account. The seller has 48 hours to answer.',
      'The seller answered the offer of $70 with $85. The buyer has 48 hours to accept it.',
      "The buyer accepted the seller's price of $85, and has 24 hours to buy at it.",
      'Order created. Waiting for the buyer to pay.',
    ]);

    const other = await negotiable();
    const second = (await offer(other.buyer, other.listing.id, 7_000)).body.id as string;
    await call(ctx, other.seller, 'POST', `/api/offers/${second}/counter`, { amountCents: 9_000 });
    expect((await answer(other.buyer, second, 'withdraw')).body).toMatchObject({ status: 'withdrawn' });
    expect(await chatOf(other.listing.id)).toContain("The buyer declined the seller's price of $90.");
  });

  it("a note sent with an offer or a counter-offer is its sender's own chat message, and quoted in the mail", async () => {
    const deal = await negotiable();
    const url = `/api/listings/${deal.listing.id}/offers`;
    // Too long: refused with the chat's own rule, and nothing is made or posted.
    const long = await call(ctx, deal.buyer, 'POST', url, { amountCents: 8_000, note: 'x'.repeat(2001) });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain('Messages can be at most 2000 characters');
    expect(await chatOf(deal.listing.id)).toEqual([]);

    const note = '  Would you include the skins?\u0007 I can pay today.  ';
    const made = await call(ctx, deal.buyer, 'POST', url, { amountCents: 8_000, note });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.id as string;
    const countered = await call(ctx, deal.seller, 'POST', `/api/offers/${id}/counter`, {
      amountCents: 9_000,
      note: 'The skins are included.',
    });
    expect(countered.status, JSON.stringify(countered.body)).toBe(200);
    const rows = await ctx.db
      .selectFrom('messages as m')
      .innerJoin('conversations as c', 'c.id', 'm.conversationId')
      .select(['m.body', 'm.kind', 'm.senderId'])
      .where('c.listingId', '=', deal.listing.id)
      .orderBy('m.seq')
      .execute();
    expect(rows).toEqual([
      {
        body: 'The buyer offered $80 for this account. The seller has 48 hours to answer.',
        kind: 'system',
        senderId: null,
      },
      { body: 'Would you include the skins? I can pay today.', kind: 'user', senderId: deal.buyer.id },
      {
        body: 'The seller answered the offer of $80 with $90. The buyer has 48 hours to accept it.',
        kind: 'system',
        senderId: null,
      },
      { body: 'The skins are included.', kind: 'user', senderId: deal.seller.id },
    ]);
    // Each note is read by its sender and news to the other side, as a message sent in the chat.
    const c = await ctx.db
      .selectFrom('conversations')
      .select(['buyerReadSeq', 'sellerReadSeq', 'lastSeq', 'lastSenderId'])
      .where('listingId', '=', deal.listing.id)
      .executeTakeFirstOrThrow();
    expect(c).toEqual({ buyerReadSeq: 2, sellerReadSeq: 4, lastSeq: 4, lastSenderId: deal.seller.id });

    const [offerMail] = await ctx.mailsTo(deal.seller.email);
    expect(offerMail!.text).toContain('They wrote: “Would you include the skins? I can pay today.”');
    const [counterMail] = await ctx.mailsTo(deal.buyer.email);
    expect(counterMail!.text).toContain('They wrote: “The skins are included.”');

    // Blank words add nothing to the chat.
    const other = await negotiable();
    await call(ctx, other.buyer, 'POST', `/api/listings/${other.listing.id}/offers`, {
      amountCents: 8_000,
      note: ' \n ',
    });
    expect(await chatOf(other.listing.id)).toEqual([
      'The buyer offered $80 for this account. The seller has 48 hours to answer.',
    ]);
  });
});
