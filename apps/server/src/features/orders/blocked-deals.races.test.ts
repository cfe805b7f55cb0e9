import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAs, type TestContext } from '../../test/test-app';
import { checkLedger } from '../../lib/ledger';
import { arrangeDeal, call, insertListing, listingChat, partyWithSession, type Party } from './orders-test-helpers';
import { fund } from '../../test/order-fixtures';

/**
 * Decision 180 (sixty-fifth session): a block cancels the unpaid orders between the two members. Concurrent
 * requests go through the app's pool, so on PostgreSQL they really overlap.
 */
let ctx: TestContext;
let admin: Party;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://market.example' });
  admin = await partyWithSession(ctx, 'admin');
});
afterEach(async () => expect(await checkLedger(ctx.db)).toEqual([]));
afterAll(() => ctx.close());

const block = async (who: Party, userId: string) => {
  const { headers } = await signInAs(ctx, who.id);
  return (await ctx.app.inject({ method: 'POST', url: '/api/chat/blocks', headers, payload: { userId } })).statusCode;
};
const unblock = async (who: Party, userId: string) => {
  const { headers } = await signInAs(ctx, who.id);
  return (await ctx.app.inject({ method: 'DELETE', url: `/api/chat/blocks/${userId}`, headers })).statusCode;
};
const orderStatus = async (id: string) =>
  (await ctx.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const listingStatus = async (id: string) =>
  (await ctx.db.selectFrom('listings').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const offerStatus = async (id: string) =>
  (await ctx.db.selectFrom('offers').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const BLOCKED_NOTICE = 'One of you blocked the other, so the unpaid order was canceled. Nothing was charged.';

describe('a block and an unpaid order bought at an accepted offer', () => {
  it('closes the offer the order used, and says so once', async () => {
    const deal = await arrangeDeal(ctx, { priceCents: 10_000, negotiable: true });
    const made = await call(ctx, deal.buyer, 'POST', `/api/listings/${deal.listing.id}/offers`, { amountCents: 7_000 });
    expect((await call(ctx, deal.seller, 'POST', `/api/offers/${made.body.id}/accept`)).status).toBe(200);
    const bought = await call(ctx, deal.buyer, 'POST', '/api/orders', { listingId: deal.listing.id });
    expect(bought.status).toBe(201);
    expect(bought.body.priceCents).toBe(7_000);
    expect(await block(deal.buyer, deal.seller.id)).toBe(204);
    expect(await orderStatus(bought.body.id as string)).toBe('canceled');
    expect(await offerStatus(made.body.id as string)).toBe('closed');
    const chat = await listingChat(ctx, deal.listing.id, deal.buyer.id);
    expect(chat.filter((m) => m === BLOCKED_NOTICE)).toHaveLength(1);
    // Unblocked at once: the price agreed before the block is not back.
    expect(await unblock(deal.buyer, deal.seller.id)).toBe(204);
    expect(await offerStatus(made.body.id as string)).toBe('closed');
  });
});

describe('both members block each other at once', () => {
  it('no 500, each unpaid order (either way) canceled once, both listings for sale again', async () => {
    for (let round = 0; round < 6; round++) {
      const a = await partyWithSession(ctx, 'seller');
      const b = await partyWithSession(ctx, 'seller');
      await fund(ctx, a.id, 50_000);
      await fund(ctx, b.id, 50_000);
      const la = await insertListing(ctx, a.id, { priceCents: 1_000 });
      const lb = await insertListing(ctx, b.id, { priceCents: 1_000 });
      const o1 = await call(ctx, b, 'POST', '/api/orders', { listingId: la.id });
      const o2 = await call(ctx, a, 'POST', '/api/orders', { listingId: lb.id });
      expect([o1.status, o2.status]).toEqual([201, 201]);
      const [ab, ba] = await Promise.all([block(a, b.id), block(b, a.id)]);
      expect([ab, ba]).toEqual([204, 204]);
      expect([await orderStatus(o1.body.id as string), await orderStatus(o2.body.id as string)]).toEqual([
        'canceled',
        'canceled',
      ]);
      expect([await listingStatus(la.id), await listingStatus(lb.id)]).toEqual(['active', 'active']);
      expect((await listingChat(ctx, la.id, b.id)).filter((m) => m === BLOCKED_NOTICE)).toHaveLength(1);
      expect((await listingChat(ctx, lb.id, a.id)).filter((m) => m === BLOCKED_NOTICE)).toHaveLength(1);
    }
  });
});

describe('a block racing the deal it ends', () => {
  it('a block and a "pay from balance" at once: either paid (and goes on) or canceled, never paid after the block unpaid-canceled', async () => {
    for (let round = 0; round < 6; round++) {
      const deal = await arrangeDeal(ctx, { priceCents: 2_000 });
      const bought = await call(ctx, deal.buyer, 'POST', '/api/orders', { listingId: deal.listing.id });
      const id = bought.body.id as string;
      const [blocked, paid] = await Promise.all([
        block(deal.seller, deal.buyer.id),
        call(ctx, deal.buyer, 'POST', `/api/orders/${id}/pay`),
      ]);
      expect(blocked).toBe(204);
      expect([200, 403, 409]).toContain(paid.status);
      const status = await orderStatus(id);
      expect(status).toBe(paid.status === 200 ? 'paid' : 'canceled');
      expect(await listingStatus(deal.listing.id)).toBe(status === 'paid' ? 'reserved' : 'active');
    }
  });

  it('a block and a buy now at once: no order left unpaid between blocked members', async () => {
    for (let round = 0; round < 6; round++) {
      const deal = await arrangeDeal(ctx, { priceCents: 2_000 });
      const [blocked, bought] = await Promise.all([
        block(deal.seller, deal.buyer.id),
        call(ctx, deal.buyer, 'POST', '/api/orders', { listingId: deal.listing.id }),
      ]);
      expect(blocked).toBe(204);
      expect([201, 403]).toContain(bought.status);
      const unpaid = await ctx.db
        .selectFrom('orders')
        .select('id')
        .where('listingId', '=', deal.listing.id)
        .where('status', '=', 'pending_payment')
        .execute();
      expect(unpaid).toEqual([]);
      expect(await listingStatus(deal.listing.id)).toBe('active');
    }
  });

  it("a block and an admin delete of the order's listing at once: no 500", async () => {
    for (let round = 0; round < 4; round++) {
      const deal = await arrangeDeal(ctx, { priceCents: 2_000 });
      const bought = await call(ctx, deal.buyer, 'POST', '/api/orders', { listingId: deal.listing.id });
      const [blocked, removed] = await Promise.all([
        block(deal.seller, deal.buyer.id),
        call(ctx, admin, 'POST', `/api/admin/listings/${deal.listing.id}/delete`, { reason: 'fraud' }),
      ]);
      expect([blocked, removed.status]).toEqual([204, 200]);
      expect(await orderStatus(bought.body.id as string)).toBe('canceled');
    }
  });
});

describe('a block and a quick unblock', () => {
  it('block then unblock in a row leaves no offer accepted that the block closed, and a new deal possible', async () => {
    const deal = await arrangeDeal(ctx, { priceCents: 10_000, negotiable: true });
    const made = await call(ctx, deal.buyer, 'POST', `/api/listings/${deal.listing.id}/offers`, { amountCents: 7_000 });
    expect((await call(ctx, deal.seller, 'POST', `/api/offers/${made.body.id}/accept`)).status).toBe(200);
    const [b, u] = await Promise.all([block(deal.seller, deal.buyer.id), unblock(deal.seller, deal.buyer.id)]);
    expect([b, u].filter((s) => s >= 500)).toEqual([]);
    const bought = await call(ctx, deal.buyer, 'POST', '/api/orders', { listingId: deal.listing.id });
    expect([201, 403]).toContain(bought.status);
  });
});

describe('a storm on one negotiable listing: block, delete, accept, buy, pay and offers at once', () => {
  it('leaves no 500, no pending order between blocked members, no open offer on a deleted listing, no listing reserved without an order', async () => {
    for (let round = 0; round < 8; round++) {
      const deal = await arrangeDeal(ctx, { priceCents: 10_000, negotiable: true });
      const other = await partyWithSession(ctx, 'buyer');
      await fund(ctx, other.id, 50_000);
      const made = await call(ctx, deal.buyer, 'POST', `/api/listings/${deal.listing.id}/offers`, {
        amountCents: 7_000,
      });
      expect(made.status).toBe(201);
      const accept = call(ctx, deal.seller, 'POST', `/api/offers/${made.body.id}/accept`);
      await accept;
      const buy = call(ctx, deal.buyer, 'POST', '/api/orders', { listingId: deal.listing.id });
      const results = await Promise.all([
        buy.then(async (r) => (r.status === 201 ? call(ctx, deal.buyer, 'POST', `/api/orders/${r.body.id}/pay`) : r)),
        block(deal.seller, deal.buyer.id).then((status) => ({ status })),
        round % 2
          ? call(ctx, admin, 'POST', `/api/admin/listings/${deal.listing.id}/delete`, { reason: 'fraud' })
          : (async () => {
              const { headers } = await signInAs(ctx, deal.seller.id);
              const r = await ctx.app.inject({ method: 'DELETE', url: `/api/listings/${deal.listing.id}`, headers });
              return { status: r.statusCode };
            })(),
        call(ctx, other, 'POST', `/api/listings/${deal.listing.id}/offers`, { amountCents: 6_000 }),
      ]);
      expect(results.map((r) => r.status).filter((s) => s >= 500)).toEqual([]);
      const listing = await ctx.db
        .selectFrom('listings')
        .select(['status', 'deletedAt'])
        .where('id', '=', deal.listing.id)
        .executeTakeFirstOrThrow();
      const orders = await ctx.db
        .selectFrom('orders')
        .select(['status', 'buyerId'])
        .where('listingId', '=', deal.listing.id)
        .execute();
      expect(orders.filter((o) => o.status === 'pending_payment')).toEqual([]);
      const live = orders.filter((o) => o.status === 'paid');
      if (listing.status === 'reserved') expect(live).toHaveLength(1);
      if (listing.deletedAt !== null) {
        const open = await ctx.db
          .selectFrom('offers')
          .select(['id', 'status'])
          .where('listingId', '=', deal.listing.id)
          .where('status', 'in', ['pending', 'countered', 'accepted'])
          .execute();
        expect(open).toEqual([]);
      }
    }
  });
});
