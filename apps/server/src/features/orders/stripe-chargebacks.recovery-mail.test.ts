import { describe, expect, it } from 'vitest';
import { orderCalls } from './chargebacks-test-helpers';
import { decidedOnCompleted } from './settled-chargeback-test-helpers';
import { useStripeTestApp, type StripeTestContext } from './stripe-test-helpers';

/** Decision 183: money an admin takes back from a member's balance for a lost chargeback is mailed to that member. */
let ctx: StripeTestContext;
useStripeTestApp((c) => (ctx = c));

const { post } = orderCalls(() => ctx);

describe('recovering a chargeback from the seller’s balance', () => {
  it('mails the seller what was taken, for which order, and what is left', async () => {
    const { orderId, seller, buyer, admin, listing } = await decidedOnCompleted(ctx, 20_000);
    const mailsBefore = (await ctx.mailsTo(seller.user.email)).length;
    const res = await post(admin.session.headers, `/api/admin/orders/${orderId}/chargeback-recovery`, {
      amountCents: 5_000,
    });
    expect(res.statusCode).toBe(200);
    const mails = (await ctx.mailsTo(seller.user.email)).slice(mailsBefore);
    expect(mails.map((m) => m.subject)).toEqual([
      `$50.00 was taken from your balance for a chargeback: ${listing.title}`,
    ]);
    expect(mails[0]!.text).toContain('$150.00 of it is still owed.');
    expect(mails[0]!.text).toContain(`Open the order: ${ctx.deps.config.publicUrl}/orders/${orderId}`);
    // Neither the admin who took it nor the buyer, whose money did not move, hears of it.
    for (const other of [admin.user.email, buyer.user.email])
      expect((await ctx.mailsTo(other)).some((m) => m.subject.includes('taken from your balance'))).toBe(false);
  });
});
