import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAs, type TestContext } from '../../test/test-app';
import { call, fund, markPaid, withPayoutDetails, type Party, partyWithSession } from './orders-test-helpers';

/** An open payout's whole details are shown to an admin one payout at a time, each showing audited (decision 174). */
let ctx: TestContext;
let admin: Party;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await partyWithSession(ctx, 'admin');
});
afterAll(() => ctx.close());

async function openPayout() {
  const seller = await partyWithSession(ctx, 'seller', { displayName: 'Sam Seller' });
  await fund(ctx, seller.id, 20_000);
  await withPayoutDetails(ctx, seller);
  expect((await call(ctx, seller, 'POST', '/api/wallet/payouts', { amountCents: 10_000 })).status).toBe(201);
  const { id } = await ctx.db
    .selectFrom('payouts')
    .select('id')
    .where('userId', '=', seller.id)
    .executeTakeFirstOrThrow();
  return { seller, id };
}
const reveals = (payoutId: string) =>
  ctx.db
    .selectFrom('auditLog')
    .select(['actorId', 'action', 'targetType', 'targetId', 'details'])
    .where('action', '=', 'payout.details_reveal')
    .where('details', 'like', `%${payoutId}%`)
    .execute();

describe("an open payout's details", () => {
  it('are not in the payouts list, and each showing to an admin is in the audit log and not cached', async () => {
    const { seller, id } = await openPayout();
    const list = await call(ctx, admin, 'GET', '/api/admin/payouts?status=open');
    const row = (list.body.items as Array<Record<string, unknown>>).find((p) => p.id === id);
    expect(row).toMatchObject({ destination: 'IBAN DE… ending 3000', detailsKept: true });
    expect(JSON.stringify(list.body)).not.toContain('0532');

    // Read with its headers: the details must not be kept by a browser or a proxy.
    admin.session = await signInAs(ctx, admin.id);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/payouts/${id}/destination`,
      headers: admin.session.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      lines: [
        { label: 'Method', value: 'Bank account with an IBAN' },
        { label: 'Account holder', value: 'Sam Seller' },
        { label: 'IBAN', value: 'DE89 3704 0044 0532 0130 00' },
      ],
    });
    await call(ctx, admin, 'POST', `/api/admin/payouts/${id}/destination`);
    const audit = await reveals(id);
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ actorId: admin.id, targetType: 'user', targetId: seller.id });
    expect(JSON.parse(audit[0].details)).toEqual({ payoutId: id });
  });

  it('are shown to admins only, and no longer once the payout is decided', async () => {
    const { seller, id } = await openPayout();
    const own = await call(ctx, seller, 'POST', `/api/admin/payouts/${id}/destination`);
    expect(own.status).toBe(403);
    expect((await call(ctx, null, 'POST', `/api/admin/payouts/${id}/destination`)).status).toBe(401);
    const unknown = await call(ctx, admin, 'POST', '/api/admin/payouts/no-such-payout/destination');
    expect(unknown).toMatchObject({ status: 404, body: { error: { message: 'Payout not found' } } });

    expect((await markPaid(ctx, admin, id)).status).toBe(200);
    const decided = await call(ctx, admin, 'POST', `/api/admin/payouts/${id}/destination`);
    expect(decided).toMatchObject({
      status: 409,
      body: { error: { message: 'This payout is decided, so its payout details are no longer shown.' } },
    });
    const paid = await call(ctx, admin, 'GET', '/api/admin/payouts?status=paid');
    expect((paid.body.items as Array<Record<string, unknown>>).find((p) => p.id === id)).toMatchObject({
      detailsKept: false,
    });
    expect(await reveals(id)).toEqual([]);
    // A decided payout keeps where it went as a summary; the whole details are not kept.
    const kept = await ctx.db
      .selectFrom('payouts')
      .select(['destination', 'destinationSummary'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ destination: null, destinationSummary: 'IBAN DE… ending 3000' });
    const rejected = await openPayout();
    await call(ctx, admin, 'POST', `/api/admin/payouts/${rejected.id}/reject`, { reason: 'Wrong account' });
    const afterReject = await ctx.db
      .selectFrom('payouts')
      .select('destination')
      .where('id', '=', rejected.id)
      .executeTakeFirstOrThrow();
    expect(afterReject.destination).toBeNull();
  });

  it('of a payout without any (asked before payout details existed) answer why, and record nothing', async () => {
    const { id } = await openPayout();
    await ctx.db
      .updateTable('payouts')
      .set({ destination: null, destinationSummary: '' })
      .where('id', '=', id)
      .execute();
    const none = await call(ctx, admin, 'POST', `/api/admin/payouts/${id}/destination`);
    expect(none).toMatchObject({
      status: 409,
      body: {
        error: {
          message:
            'This payout has no payout details to show: it was requested before payout details existed, or the account was erased.',
        },
      },
    });
    expect(await reveals(id)).toEqual([]);
  });
});
