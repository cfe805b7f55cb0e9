import { describe, expect, it } from 'vitest';
import type { Payout } from '@accountry/shared/wallet';
import { availableAccount, balanceOf } from '../../lib/ledger';
import { userWithSession, type Session } from '../../test/test-app';
import { call, fund, markPaid, withPayoutDetails, type Party } from './orders-test-helpers';
import { completedCardOrder } from './settled-chargeback-test-helpers';
import {
  bankDecides,
  cardPaidOrder,
  openChargeback,
  useStripeTestApp,
  type StripeTestContext,
} from './stripe-test-helpers';

/**
 * Decision 204: what a chargeback on a settled order may take back from a member is kept from their payouts while the
 * bank decides and until an admin recovers it, so the platform is not left with nothing to recover from.
 */
let ctx: StripeTestContext;
useStripeTestApp((c) => (ctx = c));

const PRICE = 20_000;
const TITLE = 'Diamond-rank Valorant account';

/** A member of a Stripe deal as the orders helpers call the API for them. */
const partyOf = (p: { user: { id: string }; session: Session }): Party => ({ id: p.user.id, session: p.session });
const askPayout = (who: Party, amountCents: number) => call(ctx, who, 'POST', '/api/wallet/payouts', { amountCents });
const walletOf = async (who: Party) => (await call(ctx, who, 'GET', '/api/wallet')).body;
const recover = (admin: Party, orderId: string, amountCents: number) =>
  call(ctx, admin, 'POST', `/api/admin/orders/${orderId}/chargeback-recovery`, { amountCents });

/** A completed card sale whose seller ($190.00 available) has payout details past their hold. */
async function paidSeller() {
  const deal = await completedCardOrder(ctx, PRICE);
  const seller = partyOf(deal.seller);
  await withPayoutDetails(ctx, seller);
  return { ...deal, seller, admin: partyOf(deal.admin) };
}

describe('a chargeback on a sale already paid to the seller', () => {
  it('keeps what the bank disputes from payouts while it is open, and what is left to recover once lost', async () => {
    const deal = await paidSeller();
    const { seller, orderId, admin } = deal;
    await fund(ctx, seller.id, 6_000);
    const disputeId = await openChargeback(ctx, deal.intent);

    const whole = await askPayout(seller, 25_000);
    expect(whole.status).toBe(409);
    expect(whole.body.error?.message).toBe(
      `You can ask for at most $50.00: $200.00 is held while the chargeback on the order for “${TITLE}” is open.`,
    );
    expect(await walletOf(seller)).toMatchObject({
      availableCents: 25_000,
      heldCents: 0,
      chargebackHolds: [{ orderId, listingTitle: TITLE, status: 'open', heldCents: PRICE }],
      chargebackHeldCents: PRICE,
      payableCents: 5_000,
    });
    // What the chargeback leaves can go; its payout leaves enough behind, so the admin pays it without a warning.
    const rest = await askPayout(seller, 5_000);
    expect(rest.status).toBe(201);
    const payoutId = (rest.body as { id: string }).id;
    const listed = (await call(ctx, admin, 'GET', '/api/admin/payouts?status=open')).body.items as Payout[];
    expect(listed.find((p) => p.id === payoutId)).not.toHaveProperty('chargebackAtStake');
    expect((await markPaid(ctx, admin, payoutId)).status).toBe(200);

    await bankDecides(ctx, disputeId, 'lost');
    const lost = await askPayout(seller, 1_000);
    expect(lost.status).toBe(409);
    expect(lost.body.error?.message).toBe(
      'You cannot ask for a payout now: $200.00 is held until an admin recovers it: the bank decided for the ' +
        `cardholder in the chargeback on the order for “${TITLE}”.`,
    );

    // An admin recovers part: only what is left stays held.
    expect((await recover(admin, orderId, 15_000)).status).toBe(200);
    await fund(ctx, seller.id, 3_000);
    const part = await askPayout(seller, 4_000);
    expect(part.status).toBe(409);
    expect(part.body.error?.message).toBe(
      'You can ask for at most $30.00: $50.00 is held until an admin recovers it: the bank decided for the ' +
        `cardholder in the chargeback on the order for “${TITLE}”.`,
    );
    expect(await walletOf(seller)).toMatchObject({ availableCents: 8_000, chargebackHeldCents: 5_000 });

    // Recovered in full, nothing is held.
    expect((await recover(admin, orderId, 5_000)).status).toBe(200);
    expect(await walletOf(seller)).toMatchObject({
      availableCents: 3_000,
      chargebackHolds: [],
      chargebackHeldCents: 0,
      payableCents: 3_000,
    });
    expect((await askPayout(seller, 3_000)).status).toBe(201);
  });

  it('holds nothing once the bank decides for the seller', async () => {
    const deal = await paidSeller();
    const { seller } = deal;
    const disputeId = await openChargeback(ctx, deal.intent);
    const refused = await askPayout(seller, 19_000);
    expect(refused.status).toBe(409);
    expect(refused.body.error?.message).toBe(
      `You cannot ask for a payout now: $200.00 is held while the chargeback on the order for “${TITLE}” is open.`,
    );
    expect(await walletOf(seller)).toMatchObject({ availableCents: 19_000, payableCents: 0 });

    await bankDecides(ctx, disputeId, 'won');
    expect(await walletOf(seller)).toMatchObject({ chargebackHolds: [], chargebackHeldCents: 0, payableCents: 19_000 });
    expect((await askPayout(seller, 19_000)).status).toBe(201);
  });

  it("warns the admin marking paid a payout asked for before it, which the seller's balance no longer covers", async () => {
    const deal = await paidSeller();
    const { seller, admin } = deal;
    const first = await askPayout(seller, 9_000);
    const second = await askPayout(seller, 10_000);
    expect([first.status, second.status]).toEqual([201, 201]);
    const idOf = (res: typeof first) => (res.body as { id: string }).id;
    const firstId = idOf(first);
    const secondId = idOf(second);
    await openChargeback(ctx, deal.intent);
    // The admins' list says so beside each, before anyone sends the money.
    const listed = (await call(ctx, admin, 'GET', '/api/admin/payouts?status=open')).body.items as Payout[];
    expect(listed.filter((p) => p.userId === seller.id).map((p) => p.chargebackAtStake)).toEqual([
      { heldCents: PRICE, availableCents: 0 },
      { heldCents: PRICE, availableCents: 0 },
    ]);

    const warned = await markPaid(ctx, admin, firstId);
    expect(warned.status).toBe(409);
    expect(warned.body.error).toMatchObject({
      code: 'PAYOUT_CHARGEBACK_AT_STAKE',
      message:
        `Test User has $200.00 held for a chargeback on the order for “${TITLE}” and only $0.00 available beside ` +
        'this payout: once it is paid, $90.00 of it may never be recovered. If you have not sent it yet, reject it ' +
        'instead; the amount then stays in their balance until the chargeback is settled.',
    });
    const open = await ctx.db.selectFrom('payouts').select('status').where('id', '=', firstId).executeTakeFirst();
    expect(open).toEqual({ status: 'open' });

    // Sent already: the admin records it anyway, and the audit log says they were warned.
    const confirmed = await call(ctx, admin, 'POST', `/api/admin/payouts/${firstId}/paid`, {
      reference: 'TRF-CB-0001',
      allowChargebackAtStake: true,
    });
    expect(confirmed.status).toBe(200);
    const audit = await ctx.db
      .selectFrom('auditLog')
      .select('details')
      .where('action', '=', 'payout.paid')
      .where('targetId', '=', seller.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details)).toMatchObject({ payoutId: firstId, chargebackHeldCents: PRICE });

    // Not sent yet: rejected, the amount is back in the balance and kept there.
    const reason = { reason: 'A chargeback on your sale is open.' };
    expect((await call(ctx, admin, 'POST', `/api/admin/payouts/${secondId}/reject`, reason)).status).toBe(200);
    expect(await balanceOf(ctx.db, availableAccount(seller.id))).toBe(10_000);
    const again = await askPayout(seller, 10_000);
    expect(again.status).toBe(409);
    expect(again.body.error?.message).toBe(
      `You cannot ask for a payout now: $200.00 is held while the chargeback on the order for “${TITLE}” is open.`,
    );
  });
});

describe('a chargeback on a card payment refunded in full before it (the buyer owes it: chargebackOwedBy)', () => {
  it("keeps the buyer's balance from payouts until an admin recovers it, and holds nothing of the seller's", async () => {
    const deal = await cardPaidOrder(ctx, 9_000);
    const { orderId, intent } = deal;
    const buyer = partyOf(deal.buyer);
    const seller = partyOf(deal.seller);
    expect((await call(ctx, buyer, 'POST', `/api/orders/${orderId}/cancel`, { reason: '' })).status).toBe(200);
    // A buyer who sells too (payouts are a seller's), with money of their own from a sale or a transfer.
    await ctx.db.updateTable('users').set({ role: 'both' }).where('id', '=', buyer.id).execute();
    await withPayoutDetails(ctx, buyer);
    await fund(ctx, buyer.id, 12_000);
    const disputeId = await openChargeback(ctx, intent);

    const refused = await askPayout(buyer, 12_000);
    expect(refused.status).toBe(409);
    expect(refused.body.error?.message).toBe(
      `You can ask for at most $30.00: $90.00 is held while the chargeback on the order for “${TITLE}” is open.`,
    );
    expect(await walletOf(buyer)).toMatchObject({
      chargebackHolds: [{ orderId, listingTitle: TITLE, status: 'open', heldCents: 9_000 }],
      payableCents: 3_000,
      // Orders are paid by card here: the wallet offers no bank-transfer top-up.
      paysFromBalance: false,
    });
    expect(await walletOf(seller)).toMatchObject({ chargebackHolds: [], chargebackHeldCents: 0 });

    await bankDecides(ctx, disputeId, 'lost');
    ctx.clock.advance(60_000);
    const admin = partyOf(await userWithSession(ctx, 'admin'));
    expect((await recover(admin, orderId, 9_000)).status).toBe(200);
    expect(await walletOf(buyer)).toMatchObject({ availableCents: 3_000, chargebackHolds: [], payableCents: 3_000 });
    expect((await askPayout(buyer, 3_000)).status).toBe(201);
  });
});
