import { expect } from 'vitest';
import type { ListingsTable } from '../../db/schema';
import { userWithSession, type Session, type TestContext } from '../../test/test-app';
import { arrangeDeal, fund, insertListing, orderUpTo } from './orders-test-helpers';

type Deal = Awaited<ReturnType<typeof arrangeDeal>>;

/** Another funded buyer's deal with the same seller, for a listing of its own. */
export async function anotherDeal(ctx: TestContext, deal: Deal, listing: Partial<ListingsTable> = {}): Promise<Deal> {
  const b = await userWithSession(ctx, 'buyer', { displayName: 'Pat Payer' });
  await fund(ctx, b.user.id, 50_000);
  return {
    seller: deal.seller,
    buyer: { id: b.user.id, session: b.session, email: b.user.email },
    listing: await insertListing(ctx, deal.seller.id, listing),
  };
}

/** A seller with an order awaiting payment (first buyer) and a paid one (second buyer, $125.00). */
export async function sellerWithOpenOrders(ctx: TestContext) {
  const unpaidDeal = await arrangeDeal(ctx);
  const paidDeal = await anotherDeal(ctx, unpaidDeal, { title: 'Gold-rank League account', priceCents: 12_500 });
  const unpaid = await orderUpTo(ctx, unpaidDeal, 'pending_payment');
  const paid = await orderUpTo(ctx, paidDeal, 'paid');
  return { seller: unpaidDeal.seller, unpaidDeal, paidDeal, unpaid, paid };
}

/** An admin's disable, enable, delete or restore of an account, through the API. */
export async function adminAction(
  ctx: TestContext,
  admin: Session,
  userId: string,
  action: 'disable' | 'enable' | 'delete' | 'restore',
  reason = 'Fraud: took payments and never delivered',
) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/admin/users/${userId}/${action}`,
    headers: admin.headers,
    payload: { reason },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

export const orderRow = (ctx: TestContext, id: string) =>
  ctx.db
    .selectFrom('orders')
    .select(['status', 'dueAt', 'refundedCents'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

export const listingRow = (ctx: TestContext, id: string) =>
  ctx.db
    .selectFrom('listings')
    .select(['status', 'statusBeforeHidden', 'hiddenReason'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

/** The order's last history row. */
export const lastMove = (ctx: TestContext, id: string) =>
  ctx.db
    .selectFrom('orderHistory')
    .select(['fromStatus', 'toStatus', 'actorKind', 'actorId', 'reason'])
    .where('orderId', '=', id)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();

/** The ledger transactions of an order as [kind, actor], by kind (the test clock stands still). */
export const ledgerOf = async (ctx: TestContext, orderId: string) =>
  (
    await ctx.db
      .selectFrom('ledgerTransactions')
      .select(['kind', 'actorId'])
      .where('orderId', '=', orderId)
      .orderBy('kind')
      .execute()
  ).map((t) => [t.kind, t.actorId]);
