import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createTestApp, userWithSession, type Session, type TestContext } from '../../test/test-app';
import { post } from './auth-test-helpers';
import { totpCode } from './two-factor-codes';
import {
  STEP_MS,
  memberWithTwoFactor as member,
  nextCode as nextStepCode,
  signInWithCode,
  twoFactorCall,
  mailTo,
  mailedSetupCode,
} from '../../test/two-factor-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://market.example' });
});
afterAll(() => ctx.close());

const call = (session: Session, url: string, payload: object) => twoFactorCall(ctx, session, url, payload);
const status = async (session: Session) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/profile/two-factor', headers: session.headers })).json();
const signIn = (email: string, code?: string) => signInWithCode(ctx, email, code);
const nextCode = (key: string) => nextStepCode(ctx, key);
const memberWithTwoFactor = () => member(ctx);

describe('turning two-factor sign-in on', () => {
  it('takes the password, shows a key, and is on only once a code from the app confirms it', async () => {
    const { user, session } = await userWithSession(ctx, 'seller');
    expect(await status(session)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    const wrong = await call(session, '/setup', { password: 'Not-The-Password-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ password: 'Your current password is incorrect.' });

    const setup = await call(session, '/setup', { password: TEST_PASSWORD });
    const { secret, uri } = setup.json() as { secret: string; uri: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toContain('otpauth://totp/Accountry:');
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toContain('issuer=Accountry');
    // Pending: sign-in still needs only the password.
    expect((await status(session)).enabled).toBe(false);
    expect((await signIn(user.email)).statusCode).toBe(200);
    // The key is sealed at rest, bound to its owner.
    const row = await ctx.db
      .selectFrom('twoFactor')
      .selectAll()
      .where('userId', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.secret.startsWith('v1.')).toBe(true);
    expect(row.secret).not.toContain(secret);

    const emailCode = await mailedSetupCode(ctx, user.email);
    const bad = await call(session, '/enable', {
      code: '000000' === totpCode(secret, ctx.clock.now()) ? '111111' : '000000',
      emailCode,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      code:
        'That code is not right. Enter the code the app shows now. If codes keep failing, check that your phone sets ' +
        'its time automatically.',
    });
    const on = await call(session, '/enable', { code: totpCode(secret, ctx.clock.now()), emailCode });
    expect(on.statusCode).toBe(200);
    const codes = on.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(new Set(codes).size).toBe(10);
    expect(await status(session)).toEqual({ enabled: true, enabledAt: ctx.clock.now(), recoveryCodesLeft: 10 });
    const mail = await mailTo(ctx, user.email, 'Two-factor sign-in is on for your Accountry account');
    expect(mail?.text).toContain(
      'Signing in to your account now takes your password and a code from your authenticator app.',
    );
    const stored = await ctx.db.selectFrom('recoveryCodes').select('codeHash').where('userId', '=', user.id).execute();
    expect(stored.map((r) => r.codeHash)).not.toContain(codes[0]);
  });

  it('refuses a second set-up while on, and turning on without a set-up', async () => {
    const { session } = await memberWithTwoFactor();
    const again = await call(session, '/setup', { password: TEST_PASSWORD });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Two-factor sign-in is already on.');
    const other = await userWithSession(ctx, 'buyer');
    const none = await call(other.session, '/enable', { code: '123456', emailCode: '123456' });
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toBe('Start again: the key shown has expired or was replaced.');
  });

  it('a newer set-up replaces the pending key and its mailed code: the old ones no longer turn it on', async () => {
    const { user, session } = await userWithSession(ctx, 'buyer');
    const first = (await call(session, '/setup', { password: TEST_PASSWORD })).json().secret as string;
    const firstMailed = await mailedSetupCode(ctx, user.email);
    // One set-up mail a minute to an address.
    const tooSoon = await call(session, '/setup', { password: TEST_PASSWORD });
    expect(tooSoon.statusCode).toBe(429);
    ctx.clock.advance(60_000);
    const second = (await call(session, '/setup', { password: TEST_PASSWORD })).json().secret as string;
    const secondMailed = await mailedSetupCode(ctx, user.email);
    expect(second).not.toBe(first);
    const oldKey = await call(session, '/enable', { code: totpCode(first, ctx.clock.now()), emailCode: secondMailed });
    expect(oldKey.statusCode).toBe(400);
    if (firstMailed !== secondMailed) {
      const code = totpCode(second, ctx.clock.now());
      const oldMail = await call(session, '/enable', { code, emailCode: firstMailed });
      expect(oldMail.json().error.fields).toEqual({
        emailCode: 'That is not the code we emailed. Enter the code from the latest email we sent you.',
      });
    }
    const on = await call(session, '/enable', { code: totpCode(second, ctx.clock.now()), emailCode: secondMailed });
    expect(on.statusCode).toBe(200);
  });

  it('takes the code mailed to the address: a stolen session and the password alone cannot turn it on', async () => {
    const { user, session } = await userWithSession(ctx, 'buyer');
    const { secret } = (await call(session, '/setup', { password: TEST_PASSWORD })).json() as { secret: string };
    const subject = 'Your code to turn on two-factor sign-in at Accountry';
    const mails = (await ctx.mailsTo(user.email)).filter((m) => m.subject === subject);
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail?.text).toMatch(
      /Enter \d{6} in the "Turn on two-factor sign-in" dialog, with the code from your authenticator app\. It works for 15 minutes\./,
    );
    expect(mail?.text).toContain(
      'If you did not ask for this, someone knows your password: change it now. Two-factor sign-in stays off without ' +
        'this code.',
    );
    const missing = await call(session, '/enable', { code: totpCode(secret, ctx.clock.now()) });
    expect(missing.json().error.fields).toEqual({ emailCode: 'Enter the 6-digit code we emailed you.' });
    const mailed = await mailedSetupCode(ctx, user.email);
    const guess = mailed === '000000' ? '000001' : '000000';
    const guessed = await call(session, '/enable', { code: totpCode(secret, ctx.clock.now()), emailCode: guess });
    expect(guessed.statusCode).toBe(400);
    expect(guessed.json().error.fields).toEqual({
      emailCode: 'That is not the code we emailed. Enter the code from the latest email we sent you.',
    });
    expect((await status(session)).enabled).toBe(false);
    const spaced = `${mailed.slice(0, 3)} ${mailed.slice(3)}`;
    const on = await call(session, '/enable', { code: totpCode(secret, ctx.clock.now()), emailCode: spaced });
    expect(on.statusCode).toBe(200);
    const row = await ctx.db
      .selectFrom('twoFactor')
      .select('emailCode')
      .where('userId', '=', user.id)
      .executeTakeFirst();
    expect(row?.emailCode).toBeNull();
  });
});

describe('signing in with two-factor sign-in on', () => {
  it('asks for the code, refuses a wrong one, accepts the current one once', async () => {
    const { user, key } = await memberWithTwoFactor();
    const asked = await signIn(user.email);
    expect(asked.statusCode).toBe(401);
    expect(asked.json().error).toMatchObject({
      code: 'TWO_FACTOR_REQUIRED',
      message: 'Enter the 6-digit code from your authenticator app.',
    });
    expect(asked.cookies).toHaveLength(0);
    // The code that turned it on was for this step: it does not work again.
    const replay = await signIn(user.email, totpCode(key, ctx.clock.now()));
    expect(replay.json().error.code).toBe('TWO_FACTOR_INVALID');
    const wrong = await signIn(user.email, '12 34 56');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(
      'That code is not right. Enter the code your authenticator app shows now, or a recovery code. If codes keep ' +
        'failing, check that your phone sets its time automatically.',
    );
    const code = nextCode(key);
    const ok = await signIn(user.email, `${code.slice(0, 3)} ${code.slice(3)}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.uid).toBe(user.id);
    expect((await signIn(user.email, code)).json().error.code).toBe('TWO_FACTOR_INVALID');
    // A code of the step before is still accepted (a phone's clock drifts), unless that step was already used.
    ctx.clock.advance(STEP_MS);
    expect((await signIn(user.email, totpCode(key, ctx.clock.now() - STEP_MS))).statusCode).toBe(401);
    ctx.clock.advance(STEP_MS);
    expect((await signIn(user.email, totpCode(key, ctx.clock.now() - STEP_MS))).statusCode).toBe(200);
    // Two steps late is too late.
    ctx.clock.advance(3 * STEP_MS);
    expect((await signIn(user.email, totpCode(key, ctx.clock.now() - 2 * STEP_MS))).statusCode).toBe(401);
  });

  it('a wrong password is told as before, without asking for the code', async () => {
    const { user } = await memberWithTwoFactor();
    const res = await post(ctx, '/api/auth/signin', { email: user.email, password: 'Not-The-Password-1' });
    expect(res.json().error.code).toBe('INVALID_CREDENTIALS');
  });

  it('a recovery code signs in once, in any case and spacing, and the owner is told how many are left', async () => {
    const { user, recoveryCodes } = await memberWithTwoFactor();
    const typed = ` ${recoveryCodes[3].toUpperCase().replace('-', ' ')} `;
    const ok = await signIn(user.email, typed);
    expect(ok.statusCode).toBe(200);
    const mail = await mailTo(ctx, user.email, 'A recovery code was used to sign in to Accountry');
    expect(mail?.text).toContain(
      'Someone signed in to your account with a recovery code. 9 of your recovery codes are left.',
    );
    expect((await signIn(user.email, recoveryCodes[3])).json().error.code).toBe('TWO_FACTOR_INVALID');
    expect((await signIn(user.email, 'not-a-code')).json().error.code).toBe('TWO_FACTOR_INVALID');
  });

  it('two sign-ins with one code at the same moment: exactly one gets in', async () => {
    const { user, key } = await memberWithTwoFactor();
    const code = nextCode(key);
    const results = await Promise.all([signIn(user.email, code), signIn(user.email, code), signIn(user.email, code)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401, 401]);
  });
});

describe('recovery codes and turning it off', () => {
  it('new recovery codes take the password and a code, and retire the old ones', async () => {
    const { user, session, key, recoveryCodes } = await memberWithTwoFactor();
    // A stolen session with the password is not enough: without the phone, no new codes (and so no turning it off).
    expect((await call(session, '/recovery-codes', { password: TEST_PASSWORD })).statusCode).toBe(400);
    const wrong = await call(session, '/recovery-codes', { password: TEST_PASSWORD, code: '000000' });
    expect(wrong.json().error.fields).toEqual({
      code:
        'That code is not right. Enter the code your authenticator app shows now, or a recovery code. If codes keep ' +
        'failing, check that your phone sets its time automatically.',
    });
    const res = await call(session, '/recovery-codes', { password: TEST_PASSWORD, code: nextCode(key) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const fresh = res.json().recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect((await signIn(user.email, recoveryCodes[0])).json().error.code).toBe('TWO_FACTOR_INVALID');
    expect((await signIn(user.email, fresh[0])).statusCode).toBe(200);
    expect((await ctx.mailsTo(user.email)).map((m) => m.subject)).toContain(
      'New recovery codes for your Accountry account',
    );
    const other = await userWithSession(ctx, 'buyer');
    const off = await call(other.session, '/recovery-codes', { password: TEST_PASSWORD, code: '123456' });
    expect(off.statusCode).toBe(409);
    expect(off.json().error.message).toBe('Two-factor sign-in is not on.');
  });

  it('turning it off takes the password and a code; then the password alone signs in', async () => {
    const { user, session, key, recoveryCodes } = await memberWithTwoFactor();
    const noCode = await call(session, '/disable', { password: TEST_PASSWORD, code: '000000' });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().error.fields.code).toBeDefined();
    const wrongPassword = await call(session, '/disable', { password: 'Not-The-Password-1', code: nextCode(key) });
    expect(wrongPassword.json().error.fields).toEqual({ password: 'Your current password is incorrect.' });
    expect((await status(session)).enabled).toBe(true);
    const off = await call(session, '/disable', { password: TEST_PASSWORD, code: recoveryCodes[1] });
    expect(off.statusCode).toBe(204);
    expect(await status(session)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    expect((await signIn(user.email)).statusCode).toBe(200);
    expect(await mailTo(ctx, user.email, 'Two-factor sign-in was turned off on your Accountry account')).toBeDefined();
    const left = await ctx.db.selectFrom('recoveryCodes').select('codeHash').where('userId', '=', user.id).execute();
    expect(left).toEqual([]);
  });

  it('every endpoint needs a session and checks its input', async () => {
    const bodies = {
      '/setup': { password: TEST_PASSWORD },
      '/enable': { code: '123456', emailCode: '123456' },
      '/disable': { password: TEST_PASSWORD, code: '123456' },
      '/recovery-codes': { password: TEST_PASSWORD, code: '123456' },
    };
    for (const [url, body] of Object.entries(bodies)) {
      expect((await post(ctx, `/api/profile/two-factor${url}`, body)).statusCode).toBe(401);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/profile/two-factor' })).statusCode).toBe(401);
    const { session } = await userWithSession(ctx, 'buyer');
    const long = await call(session, '/enable', { code: '1'.repeat(40), emailCode: '123456' });
    expect(long.statusCode).toBe(400);
    const extra = await call(session, '/setup', { password: TEST_PASSWORD, secret: 'AAAA' });
    expect(extra.statusCode).toBe(400);
  });
});
