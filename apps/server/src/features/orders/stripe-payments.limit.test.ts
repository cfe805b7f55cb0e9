import { describe, expect, it } from 'vitest';
import { pay, pendingOrder, useStripeTestApp, type StripeTestContext } from './stripe-test-helpers';

/**
 * Every press of Pay on an unpaid card order asks Stripe for its Checkout Session. Stripe limits the requests of the
 * whole platform's account, so one member pressing Pay in a loop would use up what every buyer's payment and every
 * refund needs: the route is limited per member, and a refused press never reaches Stripe.
 */
let ctx: StripeTestContext;
useStripeTestApp((c) => (ctx = c));

const TOO_MANY = 'Too many requests. Please try again later.';
// The first press creates the session; each later one fetches it to reuse it.
const sessionRequests = () => ctx.fake.requests.filter((r) => r.path.startsWith('/v1/checkout/sessions')).length;

describe('a buyer pressing Pay over and over', () => {
  it('is refused past 30 presses in a minute (429), and the refused ones never ask Stripe', async () => {
    const { buyer, orderId } = await pendingOrder(ctx);
    const before = sessionRequests();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await pay(ctx, buyer.session, orderId)).statusCode);
    expect(statuses).toEqual([...Array(30).fill(200), 429]);
    const refused = await pay(ctx, buyer.session, orderId);
    expect([refused.statusCode, refused.json().error.message]).toEqual([429, TOO_MANY]);
    expect(sessionRequests() - before).toBe(30);
    // A minute on, the buyer may press it again.
    ctx.clock.advance(60_000 + 1);
    expect((await pay(ctx, buyer.session, orderId)).statusCode).toBe(200);
  });
});
