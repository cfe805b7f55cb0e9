import { describe, expect, it } from 'vitest';
import { availableAccount, heldAccount } from '../../lib/ledger';
import { TEST_PASSWORD, signInAs, type TestContext } from '../../test/test-app';
import { fund } from '../../test/order-fixtures';
import {
  TEST_IBAN,
  balance,
  call,
  ledgerSnapshot,
  partyWithSession,
  putPayoutDetails,
  sellerWithOpenPayout,
  useOrdersTestApp,
  withPayoutDetails,
} from './orders-test-helpers';

/**
 * Payouts are a seller's: a buyer-only member neither stores payout details nor asks for a payout, and is told how to
 * withdraw; a former seller keeps the way back from what they asked before (cancel, remove the details).
 */
let ctx: TestContext;
useOrdersTestApp((c) => {
  ctx = c;
});

const SELLERS_ONLY =
  'Payouts are for sellers. To withdraw your balance, change your role to Seller or Both in your profile.';
const details = { kind: 'iban', holder: 'Bea Buyer', iban: TEST_IBAN };
const payoutMethodRow = (userId: string) =>
  ctx.db.selectFrom('payoutMethods').selectAll().where('userId', '=', userId).executeTakeFirst();

describe('payouts for a buyer-only member', () => {
  it('refuses payout details and a payout request, with the way to withdraw, writing nothing', async () => {
    const buyer = await partyWithSession(ctx, 'buyer');
    await fund(ctx, buyer.id, 20_000);
    const put = await putPayoutDetails(ctx, buyer, { details });
    expect([put.status, put.body.error?.message]).toEqual([403, SELLERS_ONLY]);
    expect((await call(ctx, buyer, 'GET', '/api/wallet/payout-method')).body).toEqual({ method: null });

    const asked = await call(ctx, buyer, 'POST', '/api/wallet/payouts', { amountCents: 5_000 });
    expect([asked.status, asked.body.error?.message]).toEqual([403, SELLERS_ONLY]);
    expect((await call(ctx, buyer, 'GET', '/api/wallet/payouts')).body).toEqual({ items: [], nextCursor: null });
    expect(await balance(ctx, availableAccount(buyer.id))).toBe(20_000);
    expect(await balance(ctx, heldAccount(buyer.id))).toBe(0);
    expect(await ctx.mailsTo(buyer.email)).toEqual([]);
  });

  it('refuses a seller who switched to buyer while their session still says seller, writing nothing', async () => {
    const seller = await partyWithSession(ctx, 'seller');
    await fund(ctx, seller.id, 20_000);
    await withPayoutDetails(ctx, seller);
    // The session is resolved and held for a few seconds (decision 102); the role changes under it, as on another
    // process whose forget has not arrived yet.
    const { headers } = await signInAs(ctx, seller.id);
    const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      ctx.app.inject({ method, url, headers, payload, remoteAddress: '10.89.0.1' });
    expect((await send('GET', '/api/wallet')).statusCode).toBe(200);
    await ctx.db.updateTable('users').set({ role: 'buyer' }).where('id', '=', seller.id).execute();
    expect((await send('GET', '/api/auth/me')).json().user.role).toBe('seller');
    const ledger = await ledgerSnapshot(ctx);
    const method = await payoutMethodRow(seller.id);
    const mails = (await ctx.mailsTo(seller.email)).length;

    const asked = await send('POST', '/api/wallet/payouts', { amountCents: 5_000 });
    expect([asked.statusCode, asked.json().error?.message]).toEqual([403, SELLERS_ONLY]);
    const changed = await send('PUT', '/api/wallet/payout-method', {
      password: TEST_PASSWORD,
      details: { ...details, holder: 'Someone Else' },
    });
    expect([changed.statusCode, changed.json().error?.message]).toEqual([403, SELLERS_ONLY]);

    expect(await ctx.db.selectFrom('payouts').select('id').where('userId', '=', seller.id).execute()).toEqual([]);
    expect(await ledgerSnapshot(ctx)).toEqual(ledger);
    expect(await payoutMethodRow(seller.id)).toEqual(method);
    expect(await ctx.mailsTo(seller.email)).toHaveLength(mails);
  });

  it('lets a member who buys and sells set payout details and ask for a payout', async () => {
    const both = await partyWithSession(ctx, 'both');
    await fund(ctx, both.id, 20_000);
    await withPayoutDetails(ctx, both);
    const asked = await call(ctx, both, 'POST', '/api/wallet/payouts', { amountCents: 5_000 });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  });

  it('lets a seller who became a buyer cancel the payout asked before and remove the payout details', async () => {
    const { seller, id } = await sellerWithOpenPayout(ctx, 5_000);
    await ctx.db.updateTable('users').set({ role: 'buyer' }).where('id', '=', seller.id).execute();
    const again = await call(ctx, seller, 'POST', '/api/wallet/payouts', { amountCents: 1_000 });
    expect([again.status, again.body.error?.message]).toEqual([403, SELLERS_ONLY]);

    const canceled = await call(ctx, seller, 'POST', `/api/wallet/payouts/${id}/cancel`);
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(await balance(ctx, availableAccount(seller.id))).toBe(20_000);
    const removed = await call(ctx, seller, 'DELETE', '/api/wallet/payout-method', { password: TEST_PASSWORD });
    expect([removed.status, removed.body]).toEqual([200, { method: null }]);
  });
});
