import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  signInAs,
  userWithSession,
  type Session,
  type TestContext,
} from '../../test/test-app';
import { insertOrderRow } from '../../test/order-fixtures';
import { insertTestListing } from '../../test/listing-fixtures';

// A block stops one member's words reaching the other both ways (decision 053): the review mail and the
// review-answer mail quote free text, so neither reaches a member who blocked the writer or was blocked by them.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const block = (s: Session, userId: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/chat/blocks', headers: s.headers, payload: { userId } });
const review = (s: Session, listingId: string, comment: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/listings/${listingId}/reviews`,
    headers: s.headers,
    payload: { rating: 1, comment },
  });
const reply = (s: Session, reviewId: string, text: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/reviews/${reviewId}/reply`,
    headers: s.headers,
    payload: { reply: text },
  });

async function completedDeal() {
  const seller = await createUser(ctx, { role: 'seller', displayName: 'Nova Trades' });
  const sellerSession = await signInAs(ctx, seller.id);
  const buyer = await userWithSession(ctx, 'buyer');
  const listing = await insertTestListing(ctx, seller.id, { status: 'sold', soldAt: ctx.clock.now() });
  await insertOrderRow(ctx, {
    listingId: listing.id,
    buyerId: buyer.user.id,
    sellerId: seller.id,
    status: 'completed',
    completedAt: ctx.clock.now(),
  });
  return { seller, sellerSession, buyer, listing };
}

const quoting = async (email: string, words: string) =>
  (await ctx.mailsTo(email)).filter((m) => m.text.includes(words) || m.html.includes(words));

describe('review mails across a block', () => {
  const comment = 'Unblock me and call me back on 555 0199.';
  const answer = 'Call me on +1 555 0100 and we settle this.';

  it('mails the seller the review when no block stands', async () => {
    const { seller, buyer, listing } = await completedDeal();
    expect((await review(buyer.session, listing.id, comment)).statusCode).toBe(201);
    expect(await quoting(seller.email, comment)).toHaveLength(1);
  });

  it('mails the seller who blocked the buyer no review quoting its words; the review stays public', async () => {
    const { seller, sellerSession, buyer, listing } = await completedDeal();
    expect((await block(sellerSession, buyer.user.id)).statusCode).toBe(204);
    const res = await review(buyer.session, listing.id, comment);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().comment).toBe(comment);
    expect(await quoting(seller.email, comment)).toEqual([]);
  });

  it('mails the seller the buyer blocked no review either (both ways)', async () => {
    const { seller, buyer, listing } = await completedDeal();
    expect((await block(buyer.session, seller.id)).statusCode).toBe(204);
    expect((await review(buyer.session, listing.id, comment)).statusCode).toBe(201);
    expect(await quoting(seller.email, comment)).toEqual([]);
  });

  it('mails the buyer the answer when no block stands', async () => {
    const { sellerSession, buyer, listing } = await completedDeal();
    const created = await review(buyer.session, listing.id, 'Slow handover.');
    expect(created.statusCode).toBe(201);
    expect((await reply(sellerSession, created.json().id, answer)).statusCode).toBe(200);
    expect(await quoting(buyer.user.email, answer)).toHaveLength(1);
  });

  it('mails the buyer who blocked the seller no answer quoting its words; the answer stays public', async () => {
    const { seller, sellerSession, buyer, listing } = await completedDeal();
    const created = await review(buyer.session, listing.id, 'Slow handover.');
    expect(created.statusCode).toBe(201);
    expect((await block(buyer.session, seller.id)).statusCode).toBe(204);
    const res = await reply(sellerSession, created.json().id, answer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().reply).toBe(answer);
    expect(await quoting(buyer.user.email, answer)).toEqual([]);
  });

  it('mails the buyer the seller blocked no answer either (both ways)', async () => {
    const { sellerSession, buyer, listing } = await completedDeal();
    const created = await review(buyer.session, listing.id, 'Slow handover.');
    expect(created.statusCode).toBe(201);
    expect((await block(sellerSession, buyer.user.id)).statusCode).toBe(204);
    expect((await reply(sellerSession, created.json().id, answer)).statusCode).toBe(200);
    expect(await quoting(buyer.user.email, answer)).toEqual([]);
  });
});
