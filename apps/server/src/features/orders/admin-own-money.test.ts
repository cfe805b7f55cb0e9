import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { availableAccount } from '../../lib/ledger';
import { createTestApp, type TestContext } from '../../test/test-app';
import {
  arrangeDeal,
  balance,
  call,
  expectLedgerHealthy,
  fund,
  ledgerSnapshot,
  markPaid,
  orderUpTo,
  withPayoutDetails,
  type Party,
  partyWithSession,
} from './orders-test-helpers';
import { newCreditRequestId } from '../../test/order-fixtures';

/** An admin who is a party to the money decides nothing about it: another admin has to. */
let ctx: TestContext;
let otherAdmin: Party;
beforeAll(async () => {
  ctx = await createTestApp();
  otherAdmin = await partyWithSession(ctx, 'admin');
});
afterEach(() => expectLedgerHealthy(ctx));
afterAll(() => ctx.close());

const orderStatus = async (id: string) =>
  (await ctx.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

/** An order an admin sold, delivered and disputed by its buyer: the admin is its seller. */
async function disputedOrderSoldByAdmin() {
  const deal = await arrangeDeal(ctx);
  const sellerAdmin = await partyWithSession(ctx, 'admin');
  await ctx.db.updateTable('listings').set({ sellerId: sellerAdmin.id }).where('id', '=', deal.listing.id).execute();
  const id = await orderUpTo(ctx, { ...deal, seller: sellerAdmin }, 'delivered');
  const reason = 'The password does not work.';
  expect((await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/dispute`, { reason })).status).toBe(200);
  return { id, sellerAdmin };
}

describe('an admin and their own money', () => {
  it('cannot decide the dispute on an order they bought; another admin can', async () => {
    const deal = await arrangeDeal(ctx, {}, 'admin');
    const id = await orderUpTo(ctx, deal, 'delivered');
    const reason = 'The account was banned the day after delivery.';
    expect((await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/dispute`, { reason })).status).toBe(200);
    const before = await ledgerSnapshot(ctx);

    const own = await call(ctx, deal.buyer, 'POST', `/api/admin/orders/${id}/decision`, {
      outcome: 'refund',
      reason: 'Refunding myself.',
    });
    expect(own).toMatchObject({
      status: 403,
      body: { error: { message: 'You cannot decide a dispute on your own order. Another admin has to.' } },
    });
    expect(await orderStatus(id)).toBe('disputed');
    expect(await ledgerSnapshot(ctx)).toEqual(before);
    const audited = await ctx.db.selectFrom('auditLog').select('id').where('targetId', '=', id).execute();
    expect(audited).toEqual([]);

    const decided = await call(ctx, otherAdmin, 'POST', `/api/admin/orders/${id}/decision`, {
      outcome: 'refund',
      reason: 'The ban came from the seller’s earlier cheating.',
    });
    expect(decided).toMatchObject({ status: 200, body: { status: 'refunded' } });
  });

  it('cannot decide the dispute on an order they sold either', async () => {
    const { id, sellerAdmin } = await disputedOrderSoldByAdmin();
    const own = await call(ctx, sellerAdmin, 'POST', `/api/admin/orders/${id}/decision`, {
      outcome: 'release',
      reason: 'It works for me.',
    });
    expect(own.status).toBe(403);
    expect(await orderStatus(id)).toBe('disputed');
  });

  it('cannot reveal the credentials of an order they bought through the admin route, held or not', async () => {
    const deal = await arrangeDeal(ctx, {}, 'admin');
    const id = await orderUpTo(ctx, deal, 'delivered');
    const reason = 'The owner took it back.';
    expect((await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/dispute`, { reason })).status).toBe(200);
    const refusal = {
      status: 403,
      body: {
        error: { message: 'You cannot reveal the credentials of your own order as an admin. Another admin has to.' },
      },
    };
    const asAdmin = await call(ctx, deal.buyer, 'POST', `/api/admin/orders/${id}/credentials/reveal`);
    expect(asAdmin).toMatchObject(refusal);
    expect(asAdmin.body).not.toHaveProperty('login');
    // Not read, so not the buyer's first reveal either: the seller may still correct them (decision 182).
    const order = () =>
      ctx.db.selectFrom('orders').select('credentialsRevealedAt').where('id', '=', id).executeTakeFirstOrThrow();
    expect(await order()).toEqual({ credentialsRevealedAt: null });

    // Held for a chargeback: the buyer cannot read them, and the admin route is no way around it.
    await ctx.db.updateTable('orders').set({ chargebackHoldSince: ctx.clock.now() }).where('id', '=', id).execute();
    expect(await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/credentials/reveal`)).toMatchObject({
      status: 409,
      body: {
        error: {
          message:
            "This order is on hold while the buyer's bank reviews a chargeback. Nothing can change until it decides.",
        },
      },
    });
    expect(await call(ctx, deal.buyer, 'POST', `/api/admin/orders/${id}/credentials/reveal`)).toMatchObject(refusal);
    expect(await ctx.db.selectFrom('credentialReveals').select('id').where('orderId', '=', id).execute()).toEqual([]);
    expect(await ctx.db.selectFrom('auditLog').select('id').where('targetId', '=', id).execute()).toEqual([]);

    const other = await call(ctx, otherAdmin, 'POST', `/api/admin/orders/${id}/credentials/reveal`);
    expect(other).toMatchObject({ status: 200, body: { login: 'valorant_king' } });
    expect(await order()).toEqual({ credentialsRevealedAt: null });
  });

  it('cannot reveal the credentials of an order they sold either', async () => {
    const { id, sellerAdmin } = await disputedOrderSoldByAdmin();
    const own = await call(ctx, sellerAdmin, 'POST', `/api/admin/orders/${id}/credentials/reveal`);
    expect(own.status).toBe(403);
    expect(own.body).not.toHaveProperty('login');
  });

  it('cannot refund their own paid order by closing its seller’s account', async () => {
    const deal = await arrangeDeal(ctx, { priceCents: 30_000 }, 'admin');
    const id = await orderUpTo(ctx, deal, 'paid');
    const before = await ledgerSnapshot(ctx);
    for (const how of ['disable', 'delete'])
      expect(
        await call(ctx, deal.buyer, 'POST', `/api/admin/users/${deal.seller.id}/${how}`, {
          reason: 'Closing the seller of my own order.',
        }),
      ).toMatchObject({
        status: 403,
        body: { error: { message: 'You are a party to an order this would cancel. Another admin has to.' } },
      });
    expect(await orderStatus(id)).toBe('paid');
    expect(await ledgerSnapshot(ctx)).toEqual(before);
    const seller = await ctx.db
      .selectFrom('users')
      .select('disabled')
      .where('id', '=', deal.seller.id)
      .executeTakeFirst();
    expect(seller?.disabled).toBe(false);
  });

  it('cannot pay out or reject their own payout request; another admin can', async () => {
    const admin = await partyWithSession(ctx, 'admin');
    await fund(ctx, admin.id, 10_000);
    await withPayoutDetails(ctx, admin);
    const asked = await call(ctx, admin, 'POST', '/api/wallet/payouts', { amountCents: 4_000 });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const payoutId = asked.body.id as string;

    const paid = await markPaid(ctx, admin, payoutId);
    expect(paid).toMatchObject({
      status: 403,
      body: { error: { message: 'You cannot decide your own payout request. Another admin has to.' } },
    });
    const rejected = await call(ctx, admin, 'POST', `/api/admin/payouts/${payoutId}/reject`, { reason: 'Mine.' });
    expect(rejected.status).toBe(403);
    const payout = await ctx.db.selectFrom('payouts').select('status').where('id', '=', payoutId).executeTakeFirst();
    expect(payout?.status).toBe('open');

    expect((await markPaid(ctx, otherAdmin, payoutId)).status).toBe(200);
  });

  it('cannot credit or debit their own balance', async () => {
    const admin = await partyWithSession(ctx, 'admin');
    const own = await call(ctx, admin, 'POST', `/api/admin/users/${admin.id}/balance-credits`, {
      amountCents: 100_000,
      reason: 'Bank transfer received.',
      requestId: newCreditRequestId(),
    });
    expect(own).toMatchObject({
      status: 403,
      body: { error: { message: 'You cannot change your own balance. Another admin has to.' } },
    });
    expect(await balance(ctx, availableAccount(admin.id))).toBe(0);
    const credited = await call(ctx, otherAdmin, 'POST', `/api/admin/users/${admin.id}/balance-credits`, {
      amountCents: 100_000,
      reason: 'Bank transfer received.',
      requestId: newCreditRequestId(),
    });
    expect(credited.status).toBe(200);
    expect(await balance(ctx, availableAccount(admin.id))).toBe(100_000);
  });
});
