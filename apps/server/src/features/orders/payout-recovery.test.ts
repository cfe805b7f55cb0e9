import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { moveAddress, undoAddressChange } from '../../test/email-change-helpers';
import { availableAccount, heldAccount } from '../../lib/ledger';
import {
  balance,
  call,
  expectLedgerHealthy,
  fund,
  markPaid,
  withPayoutDetails,
  partyWithSession,
  type Party,
} from './orders-test-helpers';

/** An address given back (decision 177) stops the payouts whoever moved the account may have set up. */
let ctx: TestContext;
let admin: Party;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://market.example' });
  admin = await partyWithSession(ctx, 'admin');
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

  it('leaves a payout an admin is sending open for the admin: the undo cannot take it back (decision 240)', async () => {
    const seller = await partyWithSession(ctx, 'seller');
    await fund(ctx, seller.id, 30_000);
    await withPayoutDetails(ctx, seller);
    const sending = await call(ctx, seller, 'POST', '/api/wallet/payouts', { amountCents: 20_000 });
    const waiting = await call(ctx, seller, 'POST', '/api/wallet/payouts', { amountCents: 6_000 });
    expect([sending.status, waiting.status]).toEqual([201, 201]);
    const [sendingId, waitingId] = [sending.body.id as string, waiting.body.id as string];
    // The admin has the details and sends the money outside the platform; the member can no longer cancel it.
    const shown = await call(ctx, admin, 'POST', `/api/admin/payouts/${sendingId}/destination`);
    expect(shown.status).toBe(200);
    const token = await moveAddress(ctx, seller.session, seller.id, `sent.${seller.email}`);

    expect((await undoAddressChange(ctx, token, 'Owner-Again-2026')).statusCode).toBe(200);

    const statuses = await ctx.db
      .selectFrom('payouts')
      .select(['id', 'status'])
      .where('userId', '=', seller.id)
      .orderBy('amountCents', 'desc')
      .execute();
    expect(statuses).toEqual([
      { id: sendingId, status: 'open' },
      { id: waitingId, status: 'rejected' },
    ]);
    expect(await balance(ctx, heldAccount(seller.id))).toBe(20_000);
    expect(await balance(ctx, availableAccount(seller.id))).toBe(10_000);
    // The transfer that left is recorded as paid, and its amount cannot be asked for again.
    expect((await markPaid(ctx, admin, sendingId, 'TRF-2026-UNDO')).status).toBe(200);
    expect(await balance(ctx, heldAccount(seller.id))).toBe(0);
    expect(await balance(ctx, availableAccount(seller.id))).toBe(10_000);
    await expectLedgerHealthy(ctx);

    const mail = (await ctx.mailsTo(seller.email)).find(
      (m) => m.subject === 'Your Accountry account uses this address again',
    );
    expect(mail?.text).toContain(
      'An open payout request was canceled, and the money is back in your available balance.',
    );
    expect(mail?.text).toContain(
      'A payout request was already being sent by our team, so it could not be canceled. If you did not ask for ' +
        'it, reply to this email.',
    );
  });
});
