import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAs, type TestContext } from '../../test/test-app';
import { refuseWrites } from '../../test/refused-writes';
import { arrangeDeal, call, ledgerSnapshot, listingChat, orderUpTo, type Party } from './orders-test-helpers';

/**
 * Decision 180: a block ends the dealings between the two members. An order not yet paid could no longer be paid
 * (the payment is refused across a block), so it is canceled at once, told in the chat only; a paid order goes on.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const block = async (who: Party, userId: string) => {
  const { headers } = await signInAs(ctx, who.id);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/chat/blocks', headers, payload: { userId } });
  return { status: res.statusCode };
};
const blockedBy = async (who: Party) =>
  (await ctx.db.selectFrom('userBlocks').select('blockedId').where('blockerId', '=', who.id).execute()).map(
    (r) => r.blockedId,
  );
const orderOf = async (who: Party, id: string) => (await call(ctx, who, 'GET', `/api/orders/${id}`)).body;
const listingStatus = async (id: string) =>
  (await ctx.db.selectFrom('listings').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

describe('a block between the buyer and the seller of an unpaid order', () => {
  it('cancels the order, frees the listing and says why in the history and the chat, mailing no one', async () => {
    const deal = await arrangeDeal(ctx, { priceCents: 10_000 });
    const id = await orderUpTo(ctx, deal, 'pending_payment');
    const before = await ledgerSnapshot(ctx);
    const mailsBefore = (await ctx.mailsTo(deal.buyer.email)).length + (await ctx.mailsTo(deal.seller.email)).length;
    expect((await block(deal.seller, deal.buyer.id)).status).toBe(204);

    const order = await orderOf(deal.buyer, id);
    expect(order.status).toBe('canceled');
    const history = order.history as Array<{ to: string; actorKind: string; reason: string }>;
    expect(history.at(-1)).toMatchObject({
      to: 'canceled',
      actorKind: 'system',
      reason: 'One of the two members blocked the other.',
    });
    expect((await listingChat(ctx, deal.listing.id, deal.buyer.id)).at(-1)).toBe(
      'One of you blocked the other, so the unpaid order was canceled. Nothing was charged.',
    );
    expect(await listingStatus(deal.listing.id)).toBe('active');
    expect(await ledgerSnapshot(ctx)).toEqual(before);
    const mailsAfter = (await ctx.mailsTo(deal.buyer.email)).length + (await ctx.mailsTo(deal.seller.email)).length;
    expect(mailsAfter).toBe(mailsBefore);

    const pay = await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/pay`);
    expect([pay.status, pay.body.error?.message]).toEqual([409, 'This order can no longer be paid.']);
  });

  it('made by the buyer cancels it too', async () => {
    const deal = await arrangeDeal(ctx, { priceCents: 10_000 });
    const id = await orderUpTo(ctx, deal, 'pending_payment');
    expect((await block(deal.buyer, deal.seller.id)).status).toBe(204);
    expect((await orderOf(deal.seller, id)).status).toBe('canceled');
  });

  it('is stored with the cancel or not at all: a cancel that fails leaves no block, and the block is then made', async () => {
    const deal = await arrangeDeal(ctx, { priceCents: 10_000 });
    const id = await orderUpTo(ctx, deal, 'pending_payment');
    const mend = await refuseWrites(ctx.handle, 'order_history', 'order_id', id, ['insert']);
    expect((await block(deal.seller, deal.buyer.id)).status).toBe(500);
    expect(await blockedBy(deal.seller)).toEqual([]);
    expect((await orderOf(deal.buyer, id)).status).toBe('pending_payment');

    await mend();
    expect((await block(deal.seller, deal.buyer.id)).status).toBe(204);
    expect(await blockedBy(deal.seller)).toEqual([deal.buyer.id]);
    expect((await orderOf(deal.buyer, id)).status).toBe('canceled');
  });

  it('leaves a paid order to go on: the seller still delivers, the buyer is still protected', async () => {
    const deal = await arrangeDeal(ctx, { priceCents: 10_000 });
    const id = await orderUpTo(ctx, deal, 'paid');
    expect((await block(deal.seller, deal.buyer.id)).status).toBe(204);
    expect((await orderOf(deal.buyer, id)).status).toBe('paid');
  });
});
