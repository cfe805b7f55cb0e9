import { expect } from 'vitest';
import { ADMIN_WAITING_ROUTE, type AdminWaiting } from '@accountry/shared/admin-waiting';
import { ORDER_ROUTES, orderPath } from '@accountry/shared/orders';
import { userWithSession } from '../../test/test-app';
import { cardPaidOrder, type StripeTestContext } from './stripe-test-helpers';

type Headers = Record<string, string>;

/** The card refunds owed on an order, oldest first. */
export const refundRowsOf = (ctx: StripeTestContext, orderId: string) =>
  ctx.db.selectFrom('stripeRefunds').selectAll().where('orderId', '=', orderId).orderBy('createdAt').execute();

/**
 * A card order its buyer canceled, whose refund Stripe refused for good (the charge disputed: decision 095): it waits
 * for an admin, who is made before it and so mailed.
 */
export async function refusedRefundOrder(ctx: StripeTestContext, priceCents = 8_000) {
  const admin = await userWithSession(ctx, 'admin');
  const deal = await cardPaidOrder(ctx, priceCents);
  ctx.fake.resources.refuseRefunds(deal.intent);
  const canceled = await ctx.app.inject({
    method: 'POST',
    url: `/api/orders/${deal.orderId}/cancel`,
    headers: deal.buyer.session.headers,
    payload: {},
  });
  expect(canceled.statusCode).toBe(200);
  const [refund] = await refundRowsOf(ctx, deal.orderId);
  expect(refund).toMatchObject({ status: 'refused', amountCents: priceCents });
  return { ...deal, admin, refundKey: refund!.idempotencyKey };
}

export const retryRefund = (ctx: StripeTestContext, headers: Headers, orderId: string, refundKey: string) =>
  ctx.app.inject({
    method: 'POST',
    url: orderPath(ORDER_ROUTES.adminRefundRetry, { id: orderId }),
    headers,
    payload: { refundKey },
  });

export const settleRefund = (
  ctx: StripeTestContext,
  headers: Headers,
  orderId: string,
  refundKey: string,
  reference: unknown,
) =>
  ctx.app.inject({
    method: 'POST',
    url: orderPath(ORDER_ROUTES.adminRefundSettlement, { id: orderId }),
    headers,
    payload: { refundKey, reference },
  });

/** What waits for the admins now. */
export async function adminWaiting(ctx: StripeTestContext, headers: Headers) {
  const res = await ctx.app.inject({ method: 'GET', url: ADMIN_WAITING_ROUTE, headers });
  expect(res.statusCode).toBe(200);
  return res.json<AdminWaiting>();
}

/** The admin's audit entries on the order, their details parsed. */
export async function auditsOf(ctx: StripeTestContext, orderId: string) {
  const rows = await ctx.db
    .selectFrom('auditLog')
    .select(['actorId', 'action', 'details'])
    .where('targetType', '=', 'order')
    .where('targetId', '=', orderId)
    .orderBy('createdAt')
    .execute();
  return rows.map((r) => ({ ...r, details: JSON.parse(r.details) as Record<string, unknown> }));
}

/** The order's ledger transactions of a kind. */
export const postingsOf = (ctx: StripeTestContext, orderId: string, kind: string) =>
  ctx.db
    .selectFrom('ledgerTransactions')
    .select(['id', 'actorId'])
    .where('orderId', '=', orderId)
    .where('kind', '=', kind as never)
    .execute();
