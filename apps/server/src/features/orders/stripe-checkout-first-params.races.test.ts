import { describe, expect, it } from 'vitest';
import { pay, pendingOrder, useStripeTestApp, type StripeTestContext } from './stripe-test-helpers';
import { CHECKOUT_CREATE_PATH, changeEmail, sessionIdOf, sessionsOf } from './stripe-checkout-test-helpers';

/**
 * A create Stripe refused as invalid frees its key's parameters (decision 231), but only the ones it was sent with:
 * another press may have kept its own while the refused one was at Stripe, and the session it made may exist with no
 * answer having arrived. Presses are held at the fake Stripe, so the order of events is fixed, not timed.
 */
let ctx: StripeTestContext;
useStripeTestApp((c) => (ctx = c));

describe('a Checkout create refused as invalid while other presses go on', () => {
  it('frees only the parameters it was sent with, so a later press still reaches the session another made', async () => {
    const { buyer, orderId } = await pendingOrder(ctx, 5_600);
    const [userId, email] = [buyer.user.id, buyer.user.email];
    const press = () => pay(ctx, buyer.session, orderId).then((r) => r.statusCode);
    // An address Stripe's own check refuses: a create sent with it makes nothing.
    await changeEmail(ctx, userId, 'buyer@localhost');
    let creates = 0;
    let corrected: Promise<number> | undefined;
    let atStripe!: () => void;
    let release!: () => void;
    const correctedAtStripe = new Promise<void>((resolve) => (atStripe = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    ctx.fake.beforeAnswer = async (method, path) => {
      if (method !== 'POST' || path !== CHECKOUT_CREATE_PATH) return;
      creates++;
      if (creates === 1) {
        // While the first press is at Stripe, a second with the same address is refused and frees the key; the
        // buyer corrects the address and presses again, and that press keeps its own and reaches Stripe.
        expect(await press()).toBe(503);
        await changeEmail(ctx, userId, email);
        corrected = press();
        await correctedAtStripe;
      } else if (creates === 3) {
        atStripe();
        await released;
      }
    };
    expect(await press()).toBe(503);
    // The corrected press is carried out once the first was refused; its answer is lost on every try.
    ctx.fake.loseAnswers(CHECKOUT_CREATE_PATH, 3);
    release();
    expect(await corrected).toBe(503);
    ctx.fake.beforeAnswer = undefined;
    expect(sessionsOf(ctx, orderId)).toHaveLength(1);

    // Another change of address: the key is still sent as the press that made the session sent it.
    await changeEmail(ctx, userId, `later-${email}`);
    const again = await pay(ctx, buyer.session, orderId);
    expect(again.statusCode).toBe(200);
    expect(sessionsOf(ctx, orderId).map((s) => s.id)).toEqual([sessionIdOf(again.json().redirectUrl)]);
    expect(sessionsOf(ctx, orderId)[0]).toMatchObject({ customer_email: email });
  });
});
