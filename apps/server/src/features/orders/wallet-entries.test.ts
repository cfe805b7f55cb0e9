import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCountingTestApp } from '../../test/statement-counter';
import type { TestContext } from '../../test/test-app';
import {
  arrangeDeal,
  call,
  expectLedgerHealthy,
  fund,
  orderUpTo,
  sweep,
  partyWithSession,
} from './orders-test-helpers';
import { walletEntries } from './wallet-entries.service';

/** The wallet's balance history names each order line's listing and shows how a sale's price was split. */
let ctx: TestContext;
let statements: { count: number };
beforeAll(async () => {
  ({ ctx, statements } = await createCountingTestApp());
});
afterEach(() => expectLedgerHealthy(ctx));
afterAll(() => ctx.close());

const D = 24 * 3_600_000;
interface Line {
  kind: string;
  availableCents: number;
  orderId: string | null;
  listingTitle: string | null;
  sale: unknown;
}
const lines = async (who: Parameters<typeof call>[1], cursor?: string) => {
  const res = await call(ctx, who, 'GET', `/api/wallet/entries${cursor ? `?cursor=${cursor}` : ''}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { items: Line[]; nextCursor: string | null };
};
const lineOf = async (who: Parameters<typeof call>[1], kind: string) =>
  (await lines(who)).items.find((l) => l.kind === kind);

describe('the balance history of orders', () => {
  it("names the order's listing on both sides, and the seller's line splits the price, the fee and the payment", async () => {
    const deal = await arrangeDeal(ctx, { title: 'Immortal Valorant account, 40 skins', priceCents: 9_900 });
    const id = await orderUpTo(ctx, deal, 'protection');
    ctx.clock.advance(5 * D);
    await sweep(ctx);

    expect(await lineOf(deal.buyer, 'order_payment')).toMatchObject({
      availableCents: -9_900,
      orderId: id,
      listingTitle: 'Immortal Valorant account, 40 skins',
      sale: null,
    });
    // 5% of $99.00 is $4.95; the rest reached the seller's balance, as the line's own movement says.
    expect(await lineOf(deal.seller, 'order_release')).toMatchObject({
      availableCents: 9_405,
      orderId: id,
      listingTitle: 'Immortal Valorant account, 40 skins',
      sale: { priceCents: 9_900, refundedCents: 0, feeCents: 495, paidCents: 9_405 },
    });
    // A line of no order names none.
    expect(await lineOf(deal.buyer, 'credit')).toMatchObject({ orderId: null, listingTitle: null, sale: null });

    // Deleted later, the listing is still the one the order was for.
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/listings/${deal.listing.id}`,
      headers: deal.seller.session.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await lineOf(deal.seller, 'order_release')).toMatchObject({
      listingTitle: 'Immortal Valorant account, 40 skins',
    });
  });

  it("shows a partial refund's split to the seller, and the buyer's refund line names the listing", async () => {
    const deal = await arrangeDeal(ctx, { title: 'Level 120 Fortnite account' });
    const id = await orderUpTo(ctx, deal, 'delivered');
    const admin = await partyWithSession(ctx, 'admin');
    const reason = 'Half of the skins are gone.';
    expect((await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/dispute`, { reason })).status).toBe(200);
    const decided = await call(ctx, admin, 'POST', `/api/admin/orders/${id}/decision`, {
      outcome: 'partial_refund',
      refundCents: 4_000,
      reason: 'Half of the skins were missing.',
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);

    expect(await lineOf(deal.seller, 'order_refund')).toMatchObject({
      availableCents: 5_700,
      orderId: id,
      listingTitle: 'Level 120 Fortnite account',
      sale: { priceCents: 10_000, refundedCents: 4_000, feeCents: 300, paidCents: 5_700 },
    });
    expect(await lineOf(deal.buyer, 'order_refund')).toMatchObject({
      availableCents: 4_000,
      listingTitle: 'Level 120 Fortnite account',
      sale: null,
    });
  });

  it('reads each page in one statement, and the next page keeps naming its orders', async () => {
    const deal = await arrangeDeal(ctx, { title: 'Old Steam account with rare games' });
    ctx.clock.advance(1_000);
    const id = await orderUpTo(ctx, deal, 'paid');
    // 30 credits after the payment push it onto the second page.
    for (let i = 0; i < 30; i++) {
      ctx.clock.advance(1_000);
      await fund(ctx, deal.buyer.id, 100);
    }
    const before = statements.count;
    const first = await walletEntries(ctx.deps, deal.buyer.id, undefined);
    expect(statements.count - before).toBe(1);
    expect(first.items).toHaveLength(25);
    expect(first.items.every((l) => l.kind === 'credit' && l.listingTitle === null)).toBe(true);

    const second = await lines(deal.buyer, first.nextCursor!);
    expect(second.nextCursor).toBeNull();
    expect(second.items.map((l) => [l.kind, l.listingTitle])).toEqual([
      ...Array.from({ length: 5 }, () => ['credit', null]),
      ['order_payment', 'Old Steam account with rare games'],
      ['credit', null],
    ]);
    expect(second.items[5]?.orderId).toBe(id);
  });
});
