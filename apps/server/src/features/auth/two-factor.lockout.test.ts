import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createTestApp, userWithSession, type TestContext } from '../../test/test-app';
import { freshIp, post, tokenFrom } from './auth-test-helpers';
import { totpCode } from './two-factor-codes';
import {
  mailTo,
  mailedSetupCode,
  memberWithTwoFactor,
  nextCode,
  signInWithCode,
  twoFactorCall,
} from '../../test/two-factor-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://market.example' });
});
afterAll(() => ctx.close());

const signIn = (email: string, code?: string) => signInWithCode(ctx, email, code);
const WRONG_CODE_SUBJECT = 'Someone entered your Accountry password with a wrong code';

describe('wrong codes', () => {
  it('lock the account after five, and asking for the code again does not reset the count', async () => {
    const { user, key } = await memberWithTwoFactor(ctx);
    for (let i = 0; i < 4; i++) {
      expect((await signIn(user.email, '000000')).json().error.code).toBe('TWO_FACTOR_INVALID');
      expect((await signIn(user.email)).json().error.code).toBe('TWO_FACTOR_REQUIRED');
    }
    const fifth = await signIn(user.email, '000000');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().error).toMatchObject({
      code: 'TWO_FACTOR_LOCKED',
      message: 'Too many wrong codes. Wait 15 minutes, then try again.',
    });
    expect((await signIn(user.email, nextCode(ctx, key))).statusCode).toBe(429);
    // The owner hears once that their password is known, not at every wrong code.
    const mails = (await ctx.mailsTo(user.email)).filter((m) => m.subject === WRONG_CODE_SUBJECT);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(
      'Someone entered the right password for your account, then a wrong code from your authenticator app.',
    );
    // After the window a right code lets them in, and clears the count.
    ctx.clock.advance(15 * 60_000);
    expect((await signIn(user.email, nextCode(ctx, key))).statusCode).toBe(200);
    expect((await signIn(user.email, '000000')).json().error.code).toBe('TWO_FACTOR_INVALID');
  });

  it('are not forgiven by a password reset (which forgives wrong passwords)', async () => {
    const { user, key } = await memberWithTwoFactor(ctx);
    for (let i = 0; i < 4; i++) await signIn(user.email, '000000');
    await post(ctx, '/api/auth/password-reset/request', { email: user.email });
    const token = tokenFrom(await mailTo(ctx, user.email, 'Reset your Accountry password'), '/reset-password');
    const reset = await post(ctx, '/api/auth/password-reset/confirm', { token, password: TEST_PASSWORD });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(user.email, '000000')).statusCode).toBe(429);
    expect((await signIn(user.email, nextCode(ctx, key))).statusCode).toBe(429);
  });

  it('count at turning it off, with the sign-in ones', async () => {
    const { user, session, key } = await memberWithTwoFactor(ctx);
    for (let i = 0; i < 3; i++) {
      const res = await twoFactorCall(ctx, session, '/disable', { password: TEST_PASSWORD, code: '000000' });
      expect(res.statusCode).toBe(400);
    }
    await signIn(user.email, '000000');
    expect((await signIn(user.email, '000000')).statusCode).toBe(429);
    const off = await twoFactorCall(ctx, session, '/disable', { password: TEST_PASSWORD, code: nextCode(ctx, key) });
    expect(off.statusCode).toBe(429);
  });

  it('count at turning it on too', async () => {
    const { user, session } = await userWithSession(ctx, 'buyer');
    const { secret } = (await twoFactorCall(ctx, session, '/setup', { password: TEST_PASSWORD })).json();
    const emailCode = await mailedSetupCode(ctx, user.email);
    const wrong = totpCode(secret, ctx.clock.now()) === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect((await twoFactorCall(ctx, session, '/enable', { code: wrong, emailCode }, freshIp())).statusCode).toBe(
        400,
      );
    const code = totpCode(secret, ctx.clock.now());
    expect((await twoFactorCall(ctx, session, '/enable', { code, emailCode }, freshIp())).statusCode).toBe(429);
  });

  it('are not counted when turning it on is refused as already on or not set up: a stolen session cannot lock the owner out', async () => {
    const { user, session, key } = await memberWithTwoFactor(ctx);
    for (let i = 0; i < 6; i++) {
      const res = await twoFactorCall(ctx, session, '/enable', { code: '000000', emailCode: '000000' }, freshIp());
      expect(res.json().error.message).toBe('Two-factor sign-in is already on.');
    }
    expect((await signIn(user.email, nextCode(ctx, key))).statusCode).toBe(200);
    const other = await userWithSession(ctx, 'buyer');
    for (let i = 0; i < 6; i++) {
      const res = await twoFactorCall(
        ctx,
        other.session,
        '/enable',
        { code: '000000', emailCode: '000000' },
        freshIp(),
      );
      expect(res.json().error.message).toBe('Start again: the key shown has expired or was replaced.');
    }
    const { secret } = (await twoFactorCall(ctx, other.session, '/setup', { password: TEST_PASSWORD })).json();
    const emailCode = await mailedSetupCode(ctx, other.user.email);
    const code = totpCode(secret, ctx.clock.now());
    expect((await twoFactorCall(ctx, other.session, '/enable', { code, emailCode }, freshIp())).statusCode).toBe(200);
  });

  it('count the mailed code too, so its six digits cannot be guessed', async () => {
    const { user, session } = await userWithSession(ctx, 'buyer');
    const { secret } = (await twoFactorCall(ctx, session, '/setup', { password: TEST_PASSWORD })).json();
    const emailCode = await mailedSetupCode(ctx, user.email);
    const guesses = ['000000', '111111', '222222', '333333', '444444', '555555'].filter((g) => g !== emailCode);
    for (const guess of guesses.slice(0, 5)) {
      const code = totpCode(secret, ctx.clock.now());
      const res = await twoFactorCall(ctx, session, '/enable', { code, emailCode: guess }, freshIp());
      expect(res.statusCode).toBe(400);
    }
    const code = totpCode(secret, ctx.clock.now());
    expect((await twoFactorCall(ctx, session, '/enable', { code, emailCode }, freshIp())).statusCode).toBe(429);
  });
});

describe('the set-up and the stored secrets', () => {
  it('a key not confirmed within 15 minutes must be set up again', async () => {
    const { session } = await userWithSession(ctx, 'buyer');
    const setup = await twoFactorCall(ctx, session, '/setup', { password: TEST_PASSWORD });
    expect(setup.headers['cache-control']).toBe('no-store');
    ctx.clock.advance(15 * 60_000 + 1);
    const late = await twoFactorCall(ctx, session, '/enable', {
      code: totpCode(setup.json().secret, ctx.clock.now()),
      emailCode: '123456',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('Start again: the key shown has expired or was replaced.');
  });

  it('recovery codes are stored under a keyed hash, not a plain one', async () => {
    const { user, recoveryCodes } = await memberWithTwoFactor(ctx);
    const stored = await ctx.db.selectFrom('recoveryCodes').select('codeHash').where('userId', '=', user.id).execute();
    const plain = recoveryCodes.map((c) => c.replace('-', ''));
    for (const { codeHash } of stored) {
      expect(plain).not.toContain(codeHash);
      for (const p of plain) {
        expect(codeHash).not.toBe(createHash('sha256').update(p).digest('hex'));
        expect(codeHash).not.toBe(createHash('sha256').update(p).digest('base64url'));
      }
    }
  });

  it('a key that cannot be opened: a clear answer, not counted, and recovery codes still work', async () => {
    const a = await memberWithTwoFactor(ctx);
    const b = await memberWithTwoFactor(ctx);
    // B's sealed key moved onto A's account does not open there: it is bound to its owner.
    const sealed = await ctx.db
      .selectFrom('twoFactor')
      .select('secret')
      .where('userId', '=', b.user.id)
      .executeTakeFirstOrThrow();
    await ctx.db.updateTable('twoFactor').set({ secret: sealed.secret }).where('userId', '=', a.user.id).execute();
    for (let i = 0; i < 6; i++) {
      const res = await signIn(a.user.email, nextCode(ctx, b.key));
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toMatchObject({
        code: 'TWO_FACTOR_UNAVAILABLE',
        message: 'Codes from authenticator apps cannot be checked right now. Use a recovery code, or try again later.',
      });
    }
    expect((await signIn(a.user.email, a.recoveryCodes[0])).statusCode).toBe(200);
  });
});
