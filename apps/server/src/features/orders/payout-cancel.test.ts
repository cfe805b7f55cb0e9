import { describe, expect, it } from 'vitest';
import { availableAccount, heldAccount } from '../../lib/ledger';
import { userWithSession, type TestContext } from '../../test/test-app';
import {
  balance,
  call,
  fund,
  markPaid,
  partyWithSession,
  type Party,
  sellerWithOpenPayout,
  useOrdersTestApp,
  withPayoutDetails,
} from './orders-test-helpers';

/** A member takes back a payout request no admin has decided yet. */
let ctx: TestContext;
let admin: Party;
useOrdersTestApp((c, a) => {
  [ctx, admin] = [c, a];
});

describe('canceling a payout request', () => {
  it('returns the amount to the available balance once, and the request can no longer be decided', async () => {
    const { seller, id } = await sellerWithOpenPayout(ctx, 15_000);
    expect(await balance(ctx, heldAccount(seller.id))).toBe(15_000);

    // A moment later, so the balance history (newest first) has the cancellation on top.
    ctx.clock.advance(1000);
    const canceled = await call(ctx, seller, 'POST', `/api/wallet/payouts/${id}/cancel`);
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(canceled.body).toMatchObject({ id, status: 'canceled', amountCents: 15_000 });
    expect((await call(ctx, seller, 'GET', '/api/wallet')).body).toMatchObject({
      availableCents: 20_000,
      heldCents: 0,
    });
    expect(await balance(ctx, availableAccount(seller.id))).toBe(20_000);
    const entries = await call(ctx, seller, 'GET', '/api/wallet/entries');
    expect((entries.body.items as Array<{ kind: string }>)[0]).toMatchObject({
      kind: 'payout_canceled',
      availableCents: 15_000,
      heldCents: -15_000,
    });

    const again = await call(ctx, seller, 'POST', `/api/wallet/payouts/${id}/cancel`);
    expect([again.status, again.body.error?.message]).toEqual([409, 'This payout has already been decided.']);
    expect((await markPaid(ctx, admin, id)).status).toBe(409);
    expect(await balance(ctx, availableAccount(seller.id))).toBe(20_000);
  });

  it('is refused once an admin has the details to send it: the money may be on its way', async () => {
    const { seller, id } = await sellerWithOpenPayout(ctx, 20_000);
    const own = async () =>
      ((await call(ctx, seller, 'GET', '/api/wallet/payouts')).body.items as Array<{ id: string }>).find(
        (p) => p.id === id,
      );
    expect(await own()).toMatchObject({ status: 'open', sending: false });
    expect((await call(ctx, admin, 'POST', `/api/admin/payouts/${id}/destination`)).status).toBe(200);
    expect(await own()).toMatchObject({ status: 'open', sending: true });

    const cancel = await call(ctx, seller, 'POST', `/api/wallet/payouts/${id}/cancel`);
    expect([cancel.status, cancel.body.error?.message]).toEqual([
      409,
      'This payout is being sent, so it can no longer be canceled.',
    ]);
    expect(await balance(ctx, heldAccount(seller.id))).toBe(20_000);
    expect(await balance(ctx, availableAccount(seller.id))).toBe(0);
    // Shown again, it stays being sent from the first showing; the admin still decides it either way.
    expect((await call(ctx, admin, 'POST', `/api/admin/payouts/${id}/destination`)).status).toBe(200);
    expect((await markPaid(ctx, admin, id, 'TRF-2026-SENT')).status).toBe(200);
    expect(await own()).toMatchObject({ status: 'paid', sending: false });
  });

  it("stays the admin's to cancel when they open their own payout's details: they cannot send it", async () => {
    const own = await partyWithSession(ctx, 'admin');
    await fund(ctx, own.id, 9_000);
    await withPayoutDetails(ctx, own);
    const asked = await call(ctx, own, 'POST', '/api/wallet/payouts', { amountCents: 9_000 });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const id = asked.body.id as string;

    expect((await call(ctx, own, 'POST', `/api/admin/payouts/${id}/destination`)).status).toBe(200);
    const listed = (await call(ctx, own, 'GET', '/api/wallet/payouts')).body.items as Array<{ id: string }>;
    expect(listed.find((p) => p.id === id)).toMatchObject({ status: 'open', sending: false });
    const cancel = await call(ctx, own, 'POST', `/api/wallet/payouts/${id}/cancel`);
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(await balance(ctx, availableAccount(own.id))).toBe(9_000);
    expect(await balance(ctx, heldAccount(own.id))).toBe(0);
  });

  it('shows no details of a payout its member canceled meanwhile', async () => {
    const { seller, id } = await sellerWithOpenPayout(ctx, 5_000);
    expect((await call(ctx, seller, 'POST', `/api/wallet/payouts/${id}/cancel`)).status).toBe(200);
    const shown = await call(ctx, admin, 'POST', `/api/admin/payouts/${id}/destination`);
    expect([shown.status, shown.body.error?.message]).toEqual([
      409,
      'This payout is decided, so its payout details are no longer shown.',
    ]);
  });

  it("is the member's own: another member learns nothing, and a decided payout stays decided", async () => {
    const { seller, id } = await sellerWithOpenPayout(ctx, 5_000);
    const o = await userWithSession(ctx, 'seller');
    const other = await call(ctx, { id: o.user.id, session: o.session }, 'POST', `/api/wallet/payouts/${id}/cancel`);
    expect(other.status).toBe(404);
    expect((await markPaid(ctx, admin, id)).status).toBe(200);
    expect((await call(ctx, seller, 'POST', `/api/wallet/payouts/${id}/cancel`)).status).toBe(409);
    expect(await balance(ctx, availableAccount(seller.id))).toBe(15_000);
    expect(await balance(ctx, heldAccount(seller.id))).toBe(0);
  });
});
