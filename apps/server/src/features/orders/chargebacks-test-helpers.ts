import type { TestContext } from '../../test/test-app';
import { arrangeDeal, orderUpTo } from './orders-test-helpers';
import type { ReportedChargeback } from './payment-provider';

/**
 * Stripe set up (decision 239: a card order is handled by Stripe's provider, never another's), on an address nothing
 * answers: the chargebacks these tests report move money in the ledger only, and call no Stripe API.
 */
export const STRIPE_SET_UP = {
  STRIPE_SECRET_KEY: 'sk_test_accountry',
  STRIPE_WEBHOOK_SECRET: 'whsec_accountry_test',
  STRIPE_API_BASE: 'http://127.0.0.1:9',
};

/**
 * A card order awaiting payment here while Stripe already has the money (its webhook not yet in), and the report of
 * a chargeback on it, for the races between the two webhooks (decision 183).
 */
export const paidAtTheProvider = (ctx: TestContext) => cardOrderWithChargeback(ctx, 'pending_payment');

/** A deal's order taken up to a stage, made a card order, and the report of a chargeback of its whole price. */
export async function cardOrderWithChargeback(ctx: TestContext, stage: Parameters<typeof orderUpTo>[2]) {
  const deal = await arrangeDeal(ctx);
  const id = await orderUpTo(ctx, deal, stage);
  await ctx.db
    .updateTable('orders')
    .set({ provider: 'stripe', providerRef: `cs_${id}` })
    .where('id', '=', id)
    .execute();
  const order = await ctx.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const report: ReportedChargeback = {
    id: `dp_${id}`,
    orderId: id,
    providerRef: `cs_${id}`,
    amountCents: order.priceCents,
    currency: 'USD',
    reason: 'fraudulent',
    status: 'open',
    fee: { chargedCents: 0, returnedCents: 0 },
    funds: { withdrawnCents: 0, reinstatedCents: 0 },
  };
  return { deal, id, priceCents: order.priceCents, report };
}

/** The order's state and hold, as the tests compare them. */
export const holdOf = (ctx: TestContext, id: string) =>
  ctx.db.selectFrom('orders').select(['status', 'chargebackHoldSince']).where('id', '=', id).execute();

/** The chargebacks recorded on the order, by status. */
export const chargebacksOf = (ctx: TestContext, id: string) =>
  ctx.db.selectFrom('chargebacks').select(['id', 'status']).where('orderId', '=', id).execute();

/** Waits for `work` at most `ms`: it may have to wait for the transaction the interleaving stopped. */
export const atMost = (work: Promise<unknown>, ms = 300) =>
  Promise.race([work, new Promise((resolve) => setTimeout(resolve, ms))]);

/** The status code of a refusal, to compare with an outcome. */
export const statusCodeOf = (e: { statusCode?: number }) => e.statusCode;

/** The order page, a delivery and a listing's status, for the chargeback tests (the app made before the tests). */
export function orderCalls(app: () => TestContext) {
  return {
    post: (headers: Record<string, string>, url: string, payload: object = {}) =>
      app().app.inject({ method: 'POST', url, headers, payload }),
    detail: async (headers: Record<string, string>, id: string) =>
      (await app().app.inject({ method: 'GET', url: `/api/orders/${id}`, headers })).json(),
    deliver: (headers: Record<string, string>, id: string) =>
      app().app.inject({
        method: 'POST',
        url: `/api/orders/${id}/deliver`,
        headers,
        payload: { credentials: { login: 'ace', password: 'Hunter-22' } },
      }),
    listingStatus: async (id: string) =>
      (await app().db.selectFrom('listings').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status,
  };
}
