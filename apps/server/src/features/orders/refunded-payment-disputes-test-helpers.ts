import { expect } from 'vitest';
import { userWithSession } from '../../test/test-app';
import { CHECKOUT_CREATE_PATH } from './stripe-checkout-test-helpers';
import { checkoutCompleted, pendingOrder, type StripeTestContext } from './stripe-test-helpers';

/**
 * Another Checkout Session for the order, paid at Stripe, its event unsent: made with the parameters of the order's
 * first one, as a second tab (or Stripe's dashboard) would have it.
 */
export function secondPaymentOf(ctx: StripeTestContext, orderId: string) {
  const first = ctx.fake.requests.find(
    (r) => r.method === 'POST' && r.path === CHECKOUT_CREATE_PATH && r.params.client_reference_id === orderId,
  );
  const made = ctx.fake.resources.createSession(first!.params);
  const sessionId = (made.body as { id: string }).id;
  return { sessionId, event: ctx.fake.completeSession(sessionId) };
}

/**
 * An order paid by card through its Checkout Session and again through a second one, which the webhook refunded at
 * once as a payment the order cannot take (decision 095), or tried to when Stripe refuses refunds of it
 * (`refuseRefund`); an admin made first, so the admins' mails reach them.
 */
export async function paidTwice(ctx: StripeTestContext, priceCents: number, { refuseRefund = false } = {}) {
  const admin = await userWithSession(ctx, 'admin');
  const deal = await pendingOrder(ctx, priceCents);
  const first = await checkoutCompleted(ctx, deal.buyer.session, deal.orderId);
  const second = secondPaymentOf(ctx, deal.orderId);
  const intentOf = (sessionId: string) => ctx.fake.resources.sessions.get(sessionId)!.payment_intent!;
  if (refuseRefund) ctx.fake.resources.refuseRefunds(intentOf(second.sessionId));
  expect(await ctx.fake.deliver(first.event)).toEqual({ status: 200, body: { received: true, outcome: 'paid' } });
  expect(await ctx.fake.deliver(second.event)).toEqual({ status: 200, body: { received: true, outcome: 'refunded' } });
  return {
    ...deal,
    admin,
    firstIntent: intentOf(first.sessionId),
    secondSession: second.sessionId,
    intent: intentOf(second.sessionId),
  };
}

/** The disputes recorded of the order's refunded payments, oldest first. */
export const refundedPaymentDisputesOf = (ctx: StripeTestContext, orderId: string) =>
  ctx.db
    .selectFrom('refundedPaymentDisputes')
    .selectAll()
    .where('orderId', '=', orderId)
    .orderBy('openedAt')
    .orderBy('id')
    .execute();
