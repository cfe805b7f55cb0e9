import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableAccount, balanceOf } from '../../lib/ledger';
import { createPeerApp } from '../../test/test-app';
import { fund, insertListing, partyWithSession } from './orders-test-helpers';
import { completedCardOrder } from './settled-chargeback-test-helpers';
import { openChargeback, orderStatus, useStripeTestApp, type StripeTestContext } from './stripe-test-helpers';

/**
 * Decision 204: what a chargeback may take back from a member is kept from their payouts. Paying an order from the
 * balance spends the same money (the seller paid can withdraw it), so it may take only what the holds leave. With
 * Stripe on, orders begun while the marketplace ran on balances are still paid from the balance.
 */
let ctx: StripeTestContext;
useStripeTestApp((c) => (ctx = c));
let balancePeer: Awaited<ReturnType<typeof createPeerApp>>;
beforeAll(async () => {
  // A process still running with PAYMENT_PROVIDER=balance beside the Stripe one, as during a switch.
  balancePeer = await createPeerApp(ctx, { PAYMENT_PROVIDER: 'balance' });
});
afterAll(() => balancePeer?.close());

const PRICE = 20_000;
const TITLE = 'Diamond-rank Valorant account';

describe('a chargeback on a sale already paid to the seller', () => {
  it('keeps what it holds from orders the seller pays from their balance', async () => {
    const deal = await completedCardOrder(ctx, PRICE); // the seller has $190.00 available
    await openChargeback(ctx, deal.intent); // $200.00 held while the bank decides
    await fund(ctx, deal.seller.user.id, 6_000); // $250.00 available, $50.00 beyond the hold
    const other = await partyWithSession(ctx, 'seller');
    const listing = await insertListing(ctx, other.id, { title: 'Level 80 WoW account', priceCents: 8_000 });
    const created = await balancePeer.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: deal.seller.session.headers,
      payload: { listingId: listing.id },
    });
    expect(created.statusCode).toBe(201);
    const orderId = (created.json() as { id: string }).id;
    const pay = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/orders/${orderId}/pay`,
        headers: deal.seller.session.headers,
        payload: {},
      });

    const refused = await pay();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      `You can pay at most $50.00 from your balance now: $200.00 is held while the chargeback on the order for ` +
        `“${TITLE}” is open.`,
    );
    expect(await orderStatus(ctx, orderId)).toBe('pending_payment');
    expect(await balanceOf(ctx.db, availableAccount(deal.seller.user.id))).toBe(25_000);

    // Once the hold leaves enough, the order is paid from the balance.
    await fund(ctx, deal.seller.user.id, 3_000);
    expect((await pay()).statusCode).toBe(200);
    expect(await orderStatus(ctx, orderId)).toBe('paid');
    expect(await balanceOf(ctx.db, availableAccount(deal.seller.user.id))).toBe(20_000);
  });
});
