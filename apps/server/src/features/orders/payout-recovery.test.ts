import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { moveAddress, undoAddressChange } from '../../test/email-change-helpers';
import { call, fund, withPayoutDetails, partyWithSession } from './orders-test-helpers';

/** An address given back (decision 177) stops the payouts whoever moved the account may have set up. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://market.example' });
});
afterAll(() => ctx.close());

describe('payouts when an address change is undone', () => {
  it('removes the payout details and returns every open payout to the available balance, in the ledger', async () => {
    const seller = await partyWithSession(ctx, 'seller');
    await fund(ctx, seller.id, 30_000);
    const token = await moveAddress(ctx, seller.session, seller.id, `taken.${seller.email}`);
    // The one who moved it sets their own details and, after the hold, asks for a payout.
    await withPayoutDetails(ctx, seller);
    expect((await call(ctx, seller, 'POST', '/api/wallet/payouts', { amountCents: 25_000 })).status).toBe(201);
    expect((await call(ctx, seller, 'GET', '/api/wallet')).body).toMatchObject({
      availableCents: 5_000,
      heldCents: 25_000,
    });

    expect((await undoAddressChange(ctx, token, 'Owner-Again-2026')).statusCode).toBe(200);

    expect((await call(ctx, seller, 'GET', '/api/wallet/payout-method')).body).toEqual({ method: null });
    const wallet = await call(ctx, seller, 'GET', '/api/wallet');
    expect(wallet.body).toMatchObject({ availableCents: 30_000, heldCents: 0 });
    expect((await call(ctx, seller, 'GET', '/api/wallet/payouts')).body.items).toEqual([
      expect.objectContaining({
        status: 'rejected',
        reason: "Canceled when the change of the account's email address was undone.",
      }),
    ]);
    const payout = await ctx.db
      .selectFrom('payouts')
      .select(['destination', 'decidedBy'])
      .where('userId', '=', seller.id)
      .executeTakeFirstOrThrow();
    expect(payout).toEqual({ destination: null, decidedBy: null });
    const entries = await ctx.db
      .selectFrom('ledgerTransactions')
      .select('kind')
      .where('actorId', '=', seller.id)
      .where('kind', '=', 'payout_rejected')
      .execute();
    expect(entries).toHaveLength(1);

    const mail = (await ctx.mailsTo(seller.email)).find(
      (m) => m.subject === 'Your Accountry account uses this address again',
    );
    expect(mail?.text).toContain('Its payout details were removed: add yours again from your wallet.');
    expect(mail?.text).toContain(
      'An open payout request was canceled, and the money is back in your available balance.',
    );
  });
});
