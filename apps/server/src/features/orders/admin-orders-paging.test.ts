import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatusFilter } from '@accountry/shared/order-lists';
import type { OrderState } from '@accountry/shared/order-state';
import { insertTestListing } from '../../test/listing-fixtures';
import { insertOrderRow } from '../../test/order-fixtures';
import { createTestApp, createUser, type TestContext } from '../../test/test-app';
import { ordersContext } from './orders-context';
import { adminOrderPage, orderPage } from './order-views';

/**
 * Paging the orders lists a few at a time returns every order once, in order: in the admin's list the open disputes
 * first, newest first, then the rest, newest first, with cursors that cross from the disputes to the rest.
 */
let ctx: TestContext;
let buyerId = '';
const made: Array<{ id: string; status: OrderState; createdAt: number }> = [];

beforeAll(async () => {
  ctx = await createTestApp();
  const seller = await createUser(ctx, { role: 'seller' });
  const buyers = [await createUser(ctx), await createUser(ctx)];
  buyerId = buyers[0]!.id;
  const sold = await insertTestListing(ctx, seller.id, { status: 'sold' }, 0);
  // Disputes among the rest in time; pairs made in the same millisecond, whose order the id decides.
  const statuses: OrderState[] = [
    'completed',
    'disputed',
    'canceled',
    'disputed',
    'disputed',
    'paid',
    'completed',
    'disputed',
    'refunded',
    'completed',
    'disputed',
    'disputed',
    'expired',
    'completed',
    'disputed',
    'completed',
  ];
  for (const [i, status] of statuses.entries()) {
    if (i % 4 !== 3) ctx.clock.advance(60_000);
    const open = status === 'disputed' || status === 'paid';
    const listingId = open ? (await insertTestListing(ctx, seller.id, { status: 'reserved' }, 0)).id : sold.id;
    const order = await insertOrderRow(ctx, { listingId, buyerId: buyers[i % 2]!.id, sellerId: seller.id, status });
    made.push({ id: order.id, status, createdAt: order.createdAt });
  }
});
afterAll(() => ctx.close());

/** Newest first, ties by id, descending (as both engines compare ids). */
const newestFirst = (rows: typeof made) =>
  [...rows].sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)).map((r) => r.id);

/** Every page of a list, three at a time, following the cursors. */
async function pages(
  next: (cursor: string | undefined) => Promise<{ items: { id: string }[]; nextCursor: null | string }>,
) {
  const seen: string[][] = [];
  let cursor: string | undefined;
  do {
    const page = await next(cursor);
    seen.push(page.items.map((o) => o.id));
    cursor = page.nextCursor ?? undefined;
  } while (cursor && seen.length < 20);
  return seen;
}

describe('paging the orders lists three at a time', () => {
  it("the admin's list: every open dispute, newest first, then every other order, each once", async () => {
    const seen = await pages((cursor) => adminOrderPage(ordersContext(ctx.deps), { status: 'all' }, cursor, 3));
    const disputes = newestFirst(made.filter((o) => o.status === 'disputed'));
    const rest = newestFirst(made.filter((o) => o.status !== 'disputed'));
    expect(seen.flat()).toEqual([...disputes, ...rest]);
    expect(seen.map((p) => p.length)).toEqual([3, 3, 3, 3, 3, 1]);
  });

  it.each(['open', 'disputed', 'completed'] as const)('the admin\'s "%s" filter', async (status: OrderStatusFilter) => {
    const seen = await pages((cursor) => adminOrderPage(ordersContext(ctx.deps), { status }, cursor, 3));
    const of = (s: OrderState) => (status === 'open' ? s === 'disputed' || s === 'paid' : s === status);
    const matching = made.filter((o) => of(o.status));
    const disputes = newestFirst(matching.filter((o) => o.status === 'disputed'));
    expect(seen.flat()).toEqual([...disputes, ...newestFirst(matching.filter((o) => o.status !== 'disputed'))]);
  });

  it("a member's purchases: newest first, disputes among the rest", async () => {
    const seen = await pages((cursor) =>
      orderPage(ordersContext(ctx.deps), { status: 'all', buyerId, now: ctx.clock.now() }, cursor, 3),
    );
    expect(seen.flat()).toEqual(newestFirst(made.filter((_, i) => i % 2 === 0)));
  });
});
