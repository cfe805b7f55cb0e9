import { describe, expect, it } from 'vitest';
import type { Session } from '../../test/test-app';
import { bankDecides, openChargeback, useStripeTestApp, type StripeTestContext } from './stripe-test-helpers';
import { completedCardOrder, decidedOnCompleted } from './settled-chargeback-test-helpers';
import { orderCalls } from './chargebacks-test-helpers';

/**
 * Decision 183: a chargeback the bank decided for the buyer reverses the deal, as a refund does. The buyer may not
 * review it, and a review written before the decision is withdrawn from the seller's profile and rating.
 */
let ctx: StripeTestContext;
useStripeTestApp((c) => (ctx = c));

const { detail } = orderCalls(() => ctx);
const CHARGED_BACK = 'Your bank reversed the payment of this order, so it cannot be reviewed.';

const writeReview = (s: Session, listingId: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/listings/${listingId}/reviews`,
    headers: s.headers,
    payload: { rating: 1, comment: 'Never again, the account was not as described.' },
  });
const get = async (s: Session, url: string) =>
  (await ctx.app.inject({ method: 'GET', url, headers: s.headers })).json();

describe('reviews of an order charged back', () => {
  it('the buyer who won the chargeback cannot review, and neither page offers it', async () => {
    const { buyer, listing, orderId } = await decidedOnCompleted(ctx, 20_000, 'lost');

    const refused = await writeReview(buyer.session, listing.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(CHARGED_BACK);
    expect((await detail(buyer.session.headers, orderId)).canReview).toBe(false);
    const page = await get(buyer.session, `/api/listings/${listing.id}`);
    expect(page.review).toMatchObject({ blocker: CHARGED_BACK, mine: null });
  });

  it('a review written before the bank decided for the buyer is withdrawn, from the cached pages too', async () => {
    const { buyer, seller, listing, orderId, intent } = await completedCardOrder(ctx, 20_000);
    const written = await writeReview(buyer.session, listing.id);
    expect(written.statusCode, written.body).toBe(201);
    // Read once so the seller card and the buyer's facts are cached as they stand.
    expect((await get(buyer.session, `/api/listings/${listing.id}`)).seller.rating).toEqual({ average: 1, count: 1 });
    expect((await get(seller.session, `/api/sellers/${seller.user.id}`)).rating.count).toBe(1);

    const disputeId = await openChargeback(ctx, intent);
    expect((await bankDecides(ctx, disputeId, 'lost')).body).toEqual({ received: true, outcome: 'lost' });

    const page = await get(buyer.session, `/api/listings/${listing.id}`);
    expect(page.seller.rating).toEqual({ average: null, count: 0 });
    expect(page.review).toMatchObject({ blocker: CHARGED_BACK, mine: null });
    const profile = await get(seller.session, `/api/sellers/${seller.user.id}`);
    expect(profile).toMatchObject({ rating: { average: null, count: 0 }, ratingBreakdown: [0, 0, 0, 0, 0] });
    expect((await get(seller.session, `/api/sellers/${seller.user.id}/reviews`)).items).toEqual([]);
    expect((await detail(buyer.session.headers, orderId)).canReview).toBe(false);
  });

  it('the buyer whose review was withdrawn is mailed why, once; nobody else is', async () => {
    const { buyer, seller, listing, orderId, intent } = await completedCardOrder(ctx, 20_000);
    expect((await writeReview(buyer.session, listing.id)).statusCode).toBe(201);
    const disputeId = await openChargeback(ctx, intent);
    const before = (await ctx.mailsTo(buyer.user.email)).length;
    expect((await bankDecides(ctx, disputeId, 'lost')).body).toEqual({ received: true, outcome: 'lost' });
    // The provider repeats its report: nothing more is withdrawn, nothing more is mailed.
    expect((await bankDecides(ctx, disputeId, 'lost')).body).toEqual({ received: true, outcome: 'duplicate' });

    const removed = (await ctx.mailsTo(buyer.user.email))
      .slice(before)
      .filter((m) => m.subject === `Your review was removed: ${listing.title}`);
    expect(removed).toHaveLength(1);
    expect(removed[0]!.text).toBe(
      [
        'Your review was removed',
        '',
        `Your bank reversed your payment for "${listing.title}" when it decided the chargeback for you, so the ` +
          'order counts as refunded.',
        'A refunded order is not reviewed: your review is no longer shown on the seller’s page nor counted in ' +
          'their rating.',
        '',
        `Open the order: ${ctx.deps.config.publicUrl}/orders/${orderId}`,
        '',
        'You get this email because you reviewed a seller on Accountry.',
      ].join('\n'),
    );
    expect((await ctx.mailsTo(seller.user.email)).some((m) => m.subject.startsWith('Your review was removed'))).toBe(
      false,
    );
  });

  it('an order whose payment the bank reversed leaves the completed sales, as its review the rating', async () => {
    const { buyer, seller, intent } = await completedCardOrder(ctx, 20_000);
    expect((await get(buyer.session, `/api/sellers/${seller.user.id}`)).completedSales).toBe(1);

    const disputeId = await openChargeback(ctx, intent);
    // Open, the bank may yet decide for the seller: the sale still counts.
    expect((await get(buyer.session, `/api/sellers/${seller.user.id}`)).completedSales).toBe(1);
    expect((await bankDecides(ctx, disputeId, 'lost')).body).toEqual({ received: true, outcome: 'lost' });

    expect((await get(buyer.session, `/api/sellers/${seller.user.id}`)).completedSales).toBe(0);
  });

  it('a chargeback decided for the seller leaves the sale counted', async () => {
    const { buyer, seller } = await decidedOnCompleted(ctx, 20_000, 'won');
    expect((await get(buyer.session, `/api/sellers/${seller.user.id}`)).completedSales).toBe(1);
  });

  it('a chargeback decided for the seller leaves the review, and the right to write one', async () => {
    const { buyer, listing, orderId } = await decidedOnCompleted(ctx, 20_000, 'won');
    expect((await detail(buyer.session.headers, orderId)).canReview).toBe(true);
    expect((await writeReview(buyer.session, listing.id)).statusCode).toBe(201);
  });
});
