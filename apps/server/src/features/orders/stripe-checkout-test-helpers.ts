import { invalidateSessions } from '../../sessions/session-cache';
import type { StripeTestContext } from './stripe-test-helpers';

/** Where Stripe's client creates a Checkout Session, as the fake Stripe records it. */
export const CHECKOUT_CREATE_PATH = '/v1/checkout/sessions';

/** The Checkout Session a Pay answer's redirect leads to. */
export const sessionIdOf = (url: string) => /\/c\/pay\/(cs_test_[\w-]+)$/.exec(url)![1];

/** The Checkout Sessions the fake Stripe made for an order. */
export const sessionsOf = (ctx: StripeTestContext, orderId: string) =>
  [...ctx.fake.resources.sessions.values()].filter((s) => s.client_reference_id === orderId);

/** The buyer's address changed (through the confirmed link in the app): what their next request reads. */
export async function changeEmail(ctx: StripeTestContext, userId: string, email: string) {
  await ctx.db.updateTable('users').set({ email }).where('id', '=', userId).execute();
  await invalidateSessions(ctx.deps, { userId });
}
