import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fund } from '../../test/order-fixtures';
import { TEST_PASSWORD, createTestApp, type Session, type TestContext } from '../../test/test-app';
import { STRONG_PASSWORD, signInVia, uniqueEmail } from './auth-test-helpers';
import { memberWithTwoFactor, nextCode } from '../../test/two-factor-helpers';

/**
 * With two-factor sign-in on, what could take the account from its owner (a new address, a new password, deleting it)
 * asks a code too: a stolen session and the password are not enough (decision 172).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://market.example' });
});
afterAll(() => ctx.close());

const CODE_REQUIRED = 'Enter the 6-digit code from your authenticator app.';
const send = (session: Session, url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, headers: session.headers, payload });
const recoveryLeft = async (session: Session) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/profile/two-factor', headers: session.headers })).json()
    .recoveryCodesLeft as number;

describe('with two-factor sign-in on, a code is asked', () => {
  it('to change the email address: none or a wrong one sends nothing; a refusal before it leaves the code unspent', async () => {
    const { user, session, key, recoveryCodes } = await memberWithTwoFactor(ctx);
    const next = uniqueEmail('moved');
    const mailsBefore = (await ctx.mailsTo(user.email)).length;

    const none = await send(session, '/api/profile/email', { email: next, password: TEST_PASSWORD });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields).toEqual({ code: CODE_REQUIRED });
    const wrong = await send(session, '/api/profile/email', { email: next, password: TEST_PASSWORD, code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.code).toMatch(/^That code is not right\./);
    expect(await ctx.mailsTo(next)).toHaveLength(0);
    // Only the first wrong code's warning reaches the owner; no change was asked for.
    expect((await ctx.mailsTo(user.email)).map((m) => m.subject).slice(mailsBefore)).not.toContain(
      'A change of your Accountry email address',
    );

    // The same address is refused before the code is looked at, so the code still works after.
    const code = nextCode(ctx, key);
    const same = await send(session, '/api/profile/email', { email: user.email, password: TEST_PASSWORD, code });
    expect(same.json().error.fields).toEqual({ email: 'That is already your email address.' });
    const asked = await send(session, '/api/profile/email', { email: next, password: TEST_PASSWORD, code });
    expect(asked.statusCode).toBe(200);
    expect((await ctx.lastMail(next))?.subject).toBe('Confirm your new email address for Accountry');

    // A recovery code does too, once.
    const other = uniqueEmail('again');
    const byRecovery = { email: other, password: TEST_PASSWORD, code: recoveryCodes[0] };
    expect((await send(session, '/api/profile/email', byRecovery)).statusCode).toBe(200);
    expect(await recoveryLeft(session)).toBe(9);
    // Asked again at once, the address's mail limit refuses it before the next recovery code is looked at.
    const tooSoon = await send(session, '/api/profile/email', { ...byRecovery, code: recoveryCodes[1] });
    expect(tooSoon.statusCode).toBe(429);
    expect(await recoveryLeft(session)).toBe(9);
    ctx.clock.advance(60_000);
    expect((await send(session, '/api/profile/email', byRecovery)).statusCode).toBe(400);
  });

  it('to change the password: without one the password stays; a refused new password leaves the code unspent', async () => {
    const { user, session, key } = await memberWithTwoFactor(ctx);
    const none = await send(session, '/api/profile/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: STRONG_PASSWORD,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields).toEqual({ code: CODE_REQUIRED });
    // The password is still the old one: signing in with it goes on to the code.
    expect((await signInVia(ctx, user.email, TEST_PASSWORD)).json().error.code).toBe('TWO_FACTOR_REQUIRED');
    const code = nextCode(ctx, key);

    const same = await send(session, '/api/profile/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: TEST_PASSWORD,
      code,
    });
    expect(same.json().error.fields).toEqual({
      newPassword: 'Choose a new password that is different from the current one.',
    });
    const changed = await send(session, '/api/profile/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: STRONG_PASSWORD,
      code,
    });
    expect(changed.statusCode).toBe(204);
    const old = await signInVia(ctx, user.email, TEST_PASSWORD);
    expect(old.json().error.message).toBe('Invalid email or password. Please try again.');
  });

  it('to delete the account: without one it stays; a refusal for money in the wallet spends no recovery code', async () => {
    const { user, session, recoveryCodes } = await memberWithTwoFactor(ctx);
    const none = await send(session, '/api/profile/delete', { password: TEST_PASSWORD });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields).toEqual({ code: CODE_REQUIRED });

    await fund(ctx, user.id, 2_500);
    const money = await send(session, '/api/profile/delete', { password: TEST_PASSWORD, code: recoveryCodes[0] });
    expect(money.statusCode).toBe(409);
    expect(money.json().error.message).toBe(
      'Your wallet holds $25.00. To withdraw it, change your role to Seller or Both in your profile and request a ' +
        'payout, or contact support, before deleting your account.',
    );
    expect(await recoveryLeft(session)).toBe(10);
    const deletion = await ctx.db.selectFrom('deletedUsers').select('uid').where('uid', '=', user.id).execute();
    expect(deletion).toEqual([]);
  });

  it('and deletes with one', async () => {
    const { user, session, key } = await memberWithTwoFactor(ctx);
    const res = await send(session, '/api/profile/delete', { password: TEST_PASSWORD, code: nextCode(ctx, key) });
    expect(res.statusCode).toBe(204);
    const row = await ctx.db.selectFrom('deletedUsers').select('status').where('uid', '=', user.id).executeTakeFirst();
    expect(row?.status).toBe('unresolved');
  });
});
