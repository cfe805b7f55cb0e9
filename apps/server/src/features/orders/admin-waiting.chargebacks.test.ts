import { describe, expect, it } from 'vitest';
import { userWithSession } from '../../test/test-app';
import { bankDecides, cardPaidOrder, useStripeTestApp, type StripeTestContext } from './stripe-test-helpers';
import { orderCalls } from './chargebacks-test-helpers';

/** Decision 186: a card chargeback waits for the admins (and a dispute it holds, for the bank). */
let ctx: StripeTestContext;
useStripeTestApp((c) => (ctx = c));

const waiting = async (headers: Record<string, string>) => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/waiting', headers });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const { post } = orderCalls(() => ctx);

describe('a chargeback for the admins', () => {
  it('counts while the bank decides, holds its dispute out of the disputes, and mails each admin once', async () => {
    const admin = await userWithSession(ctx, 'admin');
    const { buyer, seller, orderId, intent, listing } = await cardPaidOrder(ctx, 10_000);
    await post(seller.session.headers, `/api/orders/${orderId}/deliver`, {
      credentials: { login: 'ace', password: 'Hunter-22' },
    });
    const reason = 'The account was recovered by its first owner.';
    expect((await post(buyer.session.headers, `/api/orders/${orderId}/dispute`, { reason })).statusCode).toBe(200);
    expect(await waiting(admin.session.headers)).toMatchObject({ disputes: 1, chargebacks: 0 });

    const opened = ctx.fake.chargeback(intent, { reason: 'product_not_received' });
    expect((await ctx.fake.deliver(opened)).body).toEqual({ received: true, outcome: 'opened' });
    // Repeated by Stripe: recorded once, mailed once.
    expect((await ctx.fake.deliver(opened)).body).toEqual({ received: true, outcome: 'duplicate' });
    const disputeId = (opened.data.object as { id: string }).id;
    // The held dispute waits for the bank now, not for an admin's decision.
    expect(await waiting(admin.session.headers)).toMatchObject({ disputes: 0, chargebacks: 1 });
    const mails = (await ctx.mailsTo(admin.user.email)).filter((m) => m.subject.startsWith('A chargeback was opened'));
    expect(mails.map((m) => m.subject)).toEqual([`A chargeback was opened: ${listing.title}`]);
    expect(mails[0]!.text).toContain(
      "The buyer's bank disputes $100.00 of the payment: the cardholder says the account never arrived. " +
        "Answer the bank from Stripe's dashboard with the order's records.",
    );
    expect(mails[0]!.text).toContain(`Open the order: ${ctx.deps.config.publicUrl}/admin/orders/${orderId}`);
    for (const party of [buyer.user.email, seller.user.email])
      expect((await ctx.mailsTo(party)).map((m) => m.subject)).not.toContain(
        `A chargeback was opened: ${listing.title}`,
      );

    expect((await bankDecides(ctx, disputeId, 'won')).body).toEqual({ received: true, outcome: 'won' });
    expect(await waiting(admin.session.headers)).toMatchObject({ disputes: 1, chargebacks: 0 });
  });
});
