import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createTestApp, signInAs, userWithSession, type TestContext } from '../../test/test-app';
import {
  arrangeDeal,
  call,
  expectLedgerHealthy,
  insertListing,
  listingChat,
  orderUpTo,
  sweep,
  type Party,
} from './orders-test-helpers';
import { adminAction } from './account-closure-test-helpers';

/** Offers (decision 180) against blocks, floods, closed accounts, sales to others, and listings leaving the site. */
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
const offerMails = async (email: string) =>
  (await ctx.mailsTo(email)).filter((m) => m.subject.startsWith('New offer on'));
const made = async (who: Party, listingId?: string) =>
  (await call(ctx, who, 'GET', `/api/offers?side=made${listingId ? `&listingId=${listingId}` : ''}`)).body
    .items as Array<{ id: string; status: string; listing: { title: string; priceCents: number; status: string } }>;
const chatOf = (listingId: string, buyerId: string) => listingChat(ctx, listingId, buyerId);

describe('offers and what surrounds them', () => {
  it('a member blocked in the chat cannot reach the seller through offers either', async () => {
    const deal = await negotiable();
    const blocked = await ctx.app.inject({
      method: 'POST',
      url: '/api/chat/blocks',
      headers: deal.seller.session.headers,
      payload: { userId: deal.buyer.id },
    });
    expect(blocked.statusCode).toBe(204);
    const res = await offer(deal.buyer, deal.listing.id, 6_000);
    expect([res.status, res.body.error?.message]).toEqual([403, 'You cannot make offers to this seller.']);
    expect(await offerMails(deal.seller.email)).toEqual([]);
  });

  it('a block ends the negotiation: open offers either way are closed, told in the chat, and not bought', async () => {
    const deal = await negotiable();
    const accepted = await offer(deal.buyer, deal.listing.id, 5_000);
    expect((await answer(deal.seller, accepted.body.id as string, 'accept')).status).toBe(200);
    // The seller also buys from the buyer: an offer the other way, still pending.
    const other = await insertListing(ctx, deal.buyer.id, { negotiable: true, title: 'Radiant Valorant account' });
    await ctx.db
      .updateTable('users')
      .set({ role: 'both' })
      .where('id', 'in', [deal.buyer.id, deal.seller.id])
      .execute();
    const reverse = await offer(deal.seller, other.id, 6_000);
    expect(reverse.status, JSON.stringify(reverse.body)).toBe(201);

    const blocked = await ctx.app.inject({
      method: 'POST',
      url: '/api/chat/blocks',
      headers: (deal.seller.session = await signInAs(ctx, deal.seller.id)).headers,
      payload: { userId: deal.buyer.id },
    });
    expect(blocked.statusCode).toBe(204);
    const closed = 'The offer of $50 is closed: one of you blocked the other.';
    expect((await made(deal.buyer)).map((o) => o.status)).toEqual(['closed']);
    expect((await chatOf(deal.listing.id, deal.buyer.id)).at(-1)).toBe(closed);
    expect((await chatOf(other.id, deal.seller.id)).at(-1)).toBe(
      'The offer of $60 is closed: one of you blocked the other.',
    );
    // Neither the offer nor a plain order buys across the block: the block is the reason given, not the price.
    const withOffer = await call(ctx, deal.buyer, 'POST', '/api/orders', {
      listingId: deal.listing.id,
      offerId: accepted.body.id as string,
    });
    expect([withOffer.status, withOffer.body.error?.message]).toEqual([403, 'You cannot buy from this seller.']);
    const plain = await call(ctx, deal.buyer, 'POST', '/api/orders', {
      listingId: deal.listing.id,
      expectedPriceCents: 5_000,
    });
    expect([plain.status, plain.body.error?.message]).toEqual([403, 'You cannot buy from this seller.']);
  });

  it('an offer an unpaid order used is closed, not given back, when a block ends the order', async () => {
    const deal = await negotiable();
    const id = (await offer(deal.buyer, deal.listing.id, 6_000)).body.id as string;
    expect((await answer(deal.seller, id, 'accept')).status).toBe(200);
    const order = await call(ctx, deal.buyer, 'POST', '/api/orders', { listingId: deal.listing.id, offerId: id });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const block = (method: 'POST' | 'DELETE') =>
      ctx.app.inject({
        method,
        url: method === 'POST' ? '/api/chat/blocks' : `/api/chat/blocks/${deal.buyer.id}`,
        headers: deal.seller.session.headers,
        payload: method === 'POST' ? { userId: deal.buyer.id } : undefined,
      });
    deal.seller.session = await signInAs(ctx, deal.seller.id);
    expect((await block('POST')).statusCode).toBe(204);
    const ended = await call(ctx, deal.buyer, 'GET', `/api/orders/${order.body.id as string}`);
    expect(ended.body.status).toBe('canceled');
    expect((await made(deal.buyer)).map((o) => o.status)).toEqual(['closed']);
    // Lifting the block does not bring back the price agreed before it.
    expect((await block('DELETE')).statusCode).toBe(204);
    const again = await call(ctx, deal.buyer, 'POST', '/api/orders', { listingId: deal.listing.id, offerId: id });
    expect(again.status, JSON.stringify(again.body)).toBe(409);
  });

  it('withdrawing does not free a mail: five offers to one seller in 24 hours', async () => {
    const deal = await negotiable();
    const listings = [deal.listing.id];
    for (let i = 0; i < 4; i++)
      listings.push((await insertListing(ctx, deal.seller.id, { priceCents: 10_000, negotiable: true })).id);
    for (const listingId of listings) {
      const res = await offer(deal.buyer, listingId, 6_000);
      expect(res.status).toBe(201);
      expect((await answer(deal.buyer, res.body.id as string, 'withdraw')).status).toBe(200);
    }
    // The first of them leaves the 24 hours in 22 and a half: the refusal says when to try again, rounded up.
    ctx.clock.advance(90 * 60_000);
    const sixth = await offer(deal.buyer, deal.listing.id, 6_100);
    expect([sixth.status, sixth.body.error?.message]).toEqual([
      429,
      'You can make 5 offers to one seller in 24 hours. Try again in 23 hours.',
    ]);
    expect(await offerMails(deal.seller.email)).toHaveLength(5);
  });

  it('closing an account closes its open offers on both sides, told in their chats', async () => {
    const admin = await userWithSession(ctx, 'admin');
    const deal = await negotiable();
    const id = (await offer(deal.buyer, deal.listing.id, 7_000)).body.id as string;
    await answer(deal.seller, id, 'accept');
    const other = await negotiable();
    const pending = (await offer(other.buyer, other.listing.id, 7_000)).body.id as string;
    await adminAction(ctx, admin.session, deal.seller.id, 'delete');
    await adminAction(ctx, admin.session, other.buyer.id, 'disable');
    expect((await made(deal.buyer))[0]).toMatchObject({ id, status: 'closed' });
    expect(await chatOf(deal.listing.id, deal.buyer.id)).toContain(
      "The offer of $70 is closed: the seller's account was closed.",
    );
    const row = await ctx.db.selectFrom('offers').select('status').where('id', '=', pending).executeTakeFirstOrThrow();
    expect(row.status).toBe('closed');
    expect((await answer(other.seller, pending, 'accept')).status).toBe(409);
  });

  it("a member's own deletion closes the offers on their listings", async () => {
    const deal = await negotiable();
    const id = (await offer(deal.buyer, deal.listing.id, 7_000)).body.id as string;
    const deleted = await ctx.app.inject({
      method: 'POST',
      url: '/api/profile/delete',
      headers: (await signInAs(ctx, deal.seller.id)).headers,
      payload: { password: TEST_PASSWORD },
    });
    expect(deleted.statusCode).toBe(204);
    expect((await made(deal.buyer))[0]).toMatchObject({ id, status: 'closed' });
  });

  it("a sale to another buyer closes the listing's other open offers", async () => {
    const deal = await negotiable();
    const id = (await offer(deal.buyer, deal.listing.id, 7_000)).body.id as string;
    const rival = await arrangeDeal(ctx);
    const rivalDeal = { ...deal, buyer: rival.buyer };
    await orderUpTo(ctx, rivalDeal, 'delivered');
    expect((await made(deal.buyer))[0]).toMatchObject({ id, status: 'closed' });
    expect(await chatOf(deal.listing.id, deal.buyer.id)).toContain(
      'The account was sold to another buyer: the offer of $70 is closed.',
    );
  });

  it('an order that ends unpaid after its offer lapsed leaves the offer expired, not bought', async () => {
    const deal = await negotiable();
    const id = (await offer(deal.buyer, deal.listing.id, 7_000)).body.id as string;
    await answer(deal.seller, id, 'accept');
    ctx.clock.advance(23.9 * H);
    const order = await call(ctx, deal.buyer, 'POST', '/api/orders', { listingId: deal.listing.id, offerId: id });
    expect(order.status).toBe(201);
    ctx.clock.advance(0.2 * H);
    expect((await call(ctx, deal.buyer, 'POST', `/api/orders/${order.body.id}/cancel`, {})).status).toBe(200);
    expect((await made(deal.buyer, deal.listing.id))[0]).toMatchObject({ id, status: 'expired' });
  });

  it('a buyer sees a listing that left the site as it was when they offered; its seller as it is', async () => {
    const deal = await negotiable();
    await offer(deal.buyer, deal.listing.id, 7_000);
    await ctx.db
      .updateTable('listings')
      .set({ status: 'draft', title: 'Something else entirely', priceCents: 55_500 })
      .where('id', '=', deal.listing.id)
      .execute();
    expect((await made(deal.buyer))[0]!.listing).toMatchObject({
      title: 'Immortal Valorant account',
      priceCents: 10_000,
      status: 'removed',
    });
    const received = await call(ctx, deal.seller, 'GET', '/api/offers?side=received');
    expect((received.body.items as Array<{ listing: object }>)[0]!.listing).toMatchObject({
      title: 'Something else entirely',
      status: 'draft',
    });
  });

  it('a decline after the listing left the site mails the buyer the listing as they offered on it', async () => {
    const deal = await negotiable();
    const id = (await offer(deal.buyer, deal.listing.id, 7_000)).body.id as string;
    await ctx.db
      .updateTable('listings')
      .set({ status: 'draft', title: 'Private: sold elsewhere for cash', priceCents: 55_500 })
      .where('id', '=', deal.listing.id)
      .execute();
    expect((await answer(deal.seller, id, 'decline')).status).toBe(200);
    const mail = (await ctx.mailsTo(deal.buyer.email)).find((m) => m.subject.includes('was declined'));
    expect(mail?.subject).toBe('Your offer on "Immortal Valorant account" was declined');
    for (const part of [mail!.subject, mail!.text, mail!.html]) {
      expect(part).not.toContain('Private: sold elsewhere');
      expect(part).not.toContain('$555');
      expect(part).not.toContain(`/account/${deal.seller.id}/${deal.listing.id}`);
    }
    expect(mail!.text).toContain('(the price was $100)');
    expect(mail!.text).toContain('https://market.example/offers');
  });

  it('each side gets its own refusal, and a seller hears when an accepted offer is withdrawn', async () => {
    const deal = await negotiable();
    const id = (await offer(deal.buyer, deal.listing.id, 7_000)).body.id as string;
    const wrongSide = await answer(deal.buyer, id, 'accept');
    expect([wrongSide.status, wrongSide.body.error?.message]).toEqual([403, 'Only the seller can answer this offer.']);
    await answer(deal.seller, id, 'accept');
    const sellerWithdraws = await answer(deal.seller, id, 'withdraw');
    expect(sellerWithdraws.body.error?.message).toBe('Only the buyer who made this offer can withdraw it.');
    expect((await answer(deal.buyer, id, 'withdraw')).status).toBe(200);
    const mails = (await ctx.mailsTo(deal.seller.email)).map((m) => m.subject);
    expect(mails).toContain('An offer on "Immortal Valorant account" was withdrawn');
  });
});

describe('buying when an offer was accepted', () => {
  it('a plain order uses the accepted offer, and a price other than the one confirmed is refused', async () => {
    const deal = await negotiable();
    const id = (await offer(deal.buyer, deal.listing.id, 7_000)).body.id as string;
    await answer(deal.seller, id, 'accept');
    const stale = await call(ctx, deal.buyer, 'POST', '/api/orders', {
      listingId: deal.listing.id,
      expectedPriceCents: 10_000,
    });
    expect([stale.status, stale.body.error?.message]).toEqual([
      409,
      'The price changed while you were buying. Check the new price and buy again.',
    ]);
    expect((await made(deal.buyer, deal.listing.id))[0]).toMatchObject({ id, status: 'accepted' });
    const order = await call(ctx, deal.buyer, 'POST', '/api/orders', { listingId: deal.listing.id });
    expect(order.body).toMatchObject({ priceCents: 7_000 });
    expect((await made(deal.buyer, deal.listing.id))[0]).toMatchObject({ id, status: 'used' });
  });

  it('a buyer who buys at the price instead has their own offer closed as such, not as sold to another', async () => {
    const deal = await negotiable();
    const id = (await offer(deal.buyer, deal.listing.id, 7_000)).body.id as string;
    await orderUpTo(ctx, deal, 'delivered');
    expect((await made(deal.buyer, deal.listing.id))[0]).toMatchObject({ id, status: 'closed' });
    expect(await chatOf(deal.listing.id, deal.buyer.id)).toContain(
      'The buyer bought the account at another price: the offer of $70 is closed.',
    );
  });
});

describe('offers over time', () => {
  it('the sweep tells a lapsed offer in its chat once, and reminds the buyer before an accepted offer ends', async () => {
    const deal = await negotiable();
    const unanswered = (await offer(deal.buyer, deal.listing.id, 6_000)).body.id as string;
    const other = await negotiable();
    const accepted = (await offer(other.buyer, other.listing.id, 7_000)).body.id as string;
    await answer(other.seller, accepted, 'accept');
    const third = await negotiable();
    const countered = (await offer(third.buyer, third.listing.id, 7_000)).body.id as string;
    await call(ctx, third.seller, 'POST', `/api/offers/${countered}/counter`, { amountCents: 9_000 });

    const reminders = async () =>
      (await ctx.mailsTo(other.buyer.email)).filter(
        (m) => m.subject === 'Your accepted offer on "Immortal Valorant account" ends soon',
      );
    ctx.clock.advance(20 * H + 1);
    await sweep(ctx);
    await sweep(ctx);
    expect(await reminders()).toHaveLength(1);
    expect((await made(deal.buyer))[0]).toMatchObject({ id: unanswered, status: 'pending' });

    ctx.clock.advance(28 * H);
    await sweep(ctx);
    await sweep(ctx);
    expect(await chatOf(deal.listing.id, deal.buyer.id)).toContain(
      'The offer of $60 expired: the seller did not answer in 48 hours.',
    );
    expect(await chatOf(other.listing.id, other.buyer.id)).toContain(
      'The offer of $70 expired: it was not bought within 24 hours.',
    );
    expect((await made(deal.buyer))[0]).toMatchObject({ id: unanswered, status: 'expired' });
    expect(await chatOf(third.listing.id, third.buyer.id)).toContain(
      "The seller's price of $90 expired: the buyer did not answer in 48 hours.",
    );
    // Told once, however many sweeps ran.
    const notices = (await chatOf(deal.listing.id, deal.buyer.id)).filter((b) => b.includes('expired'));
    expect(notices).toHaveLength(1);
  });
});
