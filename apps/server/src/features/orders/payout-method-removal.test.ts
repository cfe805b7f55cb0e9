import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD as PASSWORD, createTestApp, type TestContext } from '../../test/test-app';
import { memberWithTwoFactor, nextCode } from '../../test/two-factor-helpers';
import { call, fund, withPayoutDetails, type Party, partyWithSession } from './orders-test-helpers';

/** A member removes their payout details (decision 174); a payout asked for before keeps its own copy. */
let ctx: TestContext;
let admin: Party;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://market.example' });
  admin = await partyWithSession(ctx, 'admin');
});
afterAll(() => ctx.close());

const ROUTE = '/api/wallet/payout-method';

describe('removing payout details', () => {
  it('takes the password, mails the owner, stops new payouts and leaves an open one where it was going', async () => {
    const seller = await partyWithSession(ctx, 'seller', { displayName: 'Sam Seller' });
    const nothing = await call(ctx, seller, 'DELETE', ROUTE, { password: PASSWORD });
    expect(nothing).toMatchObject({
      status: 409,
      body: { error: { message: 'You have no payout details to remove.' } },
    });

    await fund(ctx, seller.id, 20_000);
    await withPayoutDetails(ctx, seller);
    expect((await call(ctx, seller, 'POST', '/api/wallet/payouts', { amountCents: 10_000 })).status).toBe(201);
    const wrong = await call(ctx, seller, 'DELETE', ROUTE, { password: 'Not-The-Password-1' });
    expect(wrong.body.error).toMatchObject({ fields: { password: 'Your current password is incorrect.' } });
    expect((await call(ctx, seller, 'GET', ROUTE)).body).toMatchObject({ method: { kind: 'iban' } });

    expect(await call(ctx, seller, 'DELETE', ROUTE, { password: PASSWORD })).toEqual({
      status: 200,
      body: { method: null },
    });
    expect((await call(ctx, seller, 'GET', ROUTE)).body).toEqual({ method: null });
    const mail = (await ctx.mailsTo(seller.email)).find(
      (m) => m.subject === 'Your Accountry payout details were removed',
    );
    expect(mail?.text).toContain(
      'Payouts no longer go to: IBAN DE… ending 3000. Add payout details again before you ask for a payout.',
    );
    const next = await call(ctx, seller, 'POST', '/api/wallet/payouts', { amountCents: 5_000 });
    expect(next.body.error?.message).toBe('Add your payout details first, so we know where to send the money.');

    const open = await ctx.db
      .selectFrom('payouts')
      .select('id')
      .where('userId', '=', seller.id)
      .executeTakeFirstOrThrow();
    const shown = await call(ctx, admin, 'POST', `/api/admin/payouts/${open.id}/destination`);
    expect(shown.body).toMatchObject({
      lines: expect.arrayContaining([{ label: 'IBAN', value: 'DE89 3704 0044 0532 0130 00' }]),
    });
  });

  it('takes a code with two-factor sign-in on, and spends none when there is nothing to remove', async () => {
    const m = await memberWithTwoFactor(ctx, 'seller');
    const member = { id: m.user.id, session: m.session };
    const nothing = await call(ctx, member, 'DELETE', ROUTE, { password: PASSWORD, code: m.recoveryCodes[0] });
    expect(nothing.body.error?.message).toBe('You have no payout details to remove.');
    await withPayoutDetails(ctx, member, nextCode(ctx, m.key));

    const noCode = await call(ctx, member, 'DELETE', ROUTE, { password: PASSWORD });
    expect(noCode.body.error).toMatchObject({
      fields: { code: 'Enter the 6-digit code from your authenticator app.' },
    });
    expect((await call(ctx, member, 'GET', ROUTE)).body).toMatchObject({ method: { kind: 'iban' } });
    const removed = await call(ctx, member, 'DELETE', ROUTE, { password: PASSWORD, code: m.recoveryCodes[0] });
    expect(removed).toEqual({ status: 200, body: { method: null } });
  });
});
