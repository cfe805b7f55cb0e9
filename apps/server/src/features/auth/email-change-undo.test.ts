import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_PASSWORD,
  createUser,
  createTestApp,
  signInAs,
  testEngine,
  userWithSession,
  type TestContext,
} from '../../test/test-app';
import { sqlitePlanOf } from '../../test/sqlite-plans';
import { addressHeldForUndo } from './tokens.repository';
import { moveAddress, undoAddressChange } from '../../test/email-change-helpers';
import { STEP_MS, mailTo, mailedSetupCode, twoFactorCall } from '../../test/two-factor-helpers';
import { STRONG_PASSWORD, post, signInVia, tokenFrom, uniqueEmail } from './auth-test-helpers';
import { addPasskey, newAuthenticator } from './passkeys-test-helpers';
import { totpCode } from './two-factor-codes';

/** The address a change left gives the account back through the link in its notice (decision 177). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://market.example' });
});
afterAll(() => ctx.close());

const DAY = 24 * 60 * 60 * 1000;
type Member = Awaited<ReturnType<typeof userWithSession>>;
const CHANGED = 'Your Accountry email address was changed';

const move = (m: Member, next: string) => moveAddress(ctx, m.session, m.user.id, next);
const status = (token: string) => post(ctx, '/api/auth/undo-email-change/status', { token });
const undo = (token: string, password = STRONG_PASSWORD) => undoAddressChange(ctx, token, password);
const accountOf = (id: string) =>
  ctx.db.selectFrom('users').select(['email', 'emailVerified']).where('id', '=', id).executeTakeFirstOrThrow();
const me = async (m: Member) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: m.session.headers })).json().user;

describe('undoing a change of the email address', () => {
  it('gives the address back with a new password, signs everyone out and takes what was added since', async () => {
    const member = await userWithSession(ctx, 'buyer', { displayName: 'Una Undo' });
    const original = member.user.email;
    const taker = uniqueEmail('taker');
    const token = await move(member, taker);
    const notice = await mailTo(ctx, original, CHANGED);
    expect(notice?.text).toContain(
      'If this was not you, undo the change within 7 days: the link below gives this address back to your account, ' +
        'asks you for a new password and signs everyone out.',
    );
    expect(notice?.html).toContain('Undo this change');

    // Whoever moved it adds their own ways in: a passkey, and two-factor sign-in with the code mailed to them.
    expect((await addPasskey(ctx, member.session, newAuthenticator())).statusCode).toBe(201);
    const setup = await twoFactorCall(ctx, member.session, '/setup', { password: TEST_PASSWORD });
    const { secret } = setup.json() as { secret: string };
    const emailCode = await mailedSetupCode(ctx, taker);
    const on = await twoFactorCall(ctx, member.session, '/enable', {
      code: totpCode(secret, ctx.clock.now()),
      emailCode,
    });
    expect(on.statusCode, on.body).toBe(200);
    ctx.clock.advance(STEP_MS);

    const masked = `${taker[0]}•••@${taker.split('@')[1]}`;
    expect((await status(token)).json()).toEqual({ restores: original, current: masked, twoFactorOn: true });
    const done = await undo(token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ email: original });

    expect(await accountOf(member.user.id)).toEqual({ email: original, emailVerified: true });
    expect(await me(member)).toBeNull();
    expect((await signInVia(ctx, taker, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signInVia(ctx, original, TEST_PASSWORD)).statusCode).toBe(401);
    // Two-factor sign-in stays on (a mailbox alone never turns it off): the new password alone does not sign in.
    const back = await signInVia(ctx, original, STRONG_PASSWORD);
    expect(back.statusCode, back.body).toBe(401);
    expect(back.json().error.code).toBe('TWO_FACTOR_REQUIRED');
    const withCode = await post(ctx, '/api/auth/signin', {
      email: original,
      password: STRONG_PASSWORD,
      code: totpCode(secret, ctx.clock.now()),
    });
    expect(withCode.statusCode, withCode.body).toBe(200);
    expect(withCode.json().user.email).toBe(original);
    const passkeys = await ctx.db.selectFrom('passkeys').select('id').where('userId', '=', member.user.id).execute();
    expect(passkeys).toEqual([]);

    const restored = await mailTo(ctx, original, 'Your Accountry account uses this address again');
    expect(restored?.text).toContain(
      'Your Accountry account uses this address again, with the new password you chose. Everyone who was signed in ' +
        'to it was signed out.',
    );
    expect(restored?.text).toContain('Its passkey was removed.');
    expect(restored?.text).toContain(
      'Two-factor sign-in was turned on after the change, and stays on: a mailbox alone can never turn it off.',
    );
    const left = await mailTo(ctx, taker, 'Your Accountry account no longer uses this address');
    expect(left?.text).toContain('This address no longer signs in to the account');

    // The link works once, and the status says so too.
    expect((await undo(token)).json().error.message).toBe('This link is invalid or has already been used.');
    expect((await status(token)).statusCode).toBe(400);
  });

  it('is not offered when the change was made with two-factor sign-in on', async () => {
    const member = await userWithSession(ctx, 'buyer');
    const setup = await twoFactorCall(ctx, member.session, '/setup', { password: TEST_PASSWORD });
    const { secret } = setup.json() as { secret: string };
    const emailCode = await mailedSetupCode(ctx, member.user.email);
    const code = () => totpCode(secret, ctx.clock.now());
    expect((await twoFactorCall(ctx, member.session, '/enable', { code: code(), emailCode })).statusCode).toBe(200);
    ctx.clock.advance(STEP_MS);
    const next = uniqueEmail('with-code');
    const body = { email: next, password: TEST_PASSWORD, code: code() };
    expect((await post(ctx, '/api/profile/email', body, member.session)).statusCode).toBe(200);
    const token = tokenFrom(await ctx.lastMail(next), '/confirm-email');
    expect((await post(ctx, '/api/auth/confirm-email-change', { token })).statusCode).toBe(200);
    const notice = await mailTo(ctx, member.user.email, CHANGED);
    expect(notice?.text).toContain('If this was not you, change your password at once and contact support.');
    expect(notice?.text).not.toContain('/undo-email-change');
  });

  it('lets the first address of a chain of changes win, and retires the links after the one used', async () => {
    const member = await userWithSession(ctx, 'seller');
    const original = member.user.email;
    const second = uniqueEmail('second');
    const third = uniqueEmail('third');
    const first = await move(member, second);
    const later = await move(member, third);

    // The second address undoes its own move: the first address's link still works, and wins.
    expect((await undo(later)).statusCode).toBe(200);
    expect((await accountOf(member.user.id)).email).toBe(second);
    expect((await undo(first, 'Another-Strong-77')).statusCode).toBe(200);
    expect((await accountOf(member.user.id)).email).toBe(original);

    // Moved twice again, the first link used retires the second.
    const again = await userWithSession(ctx, 'seller');
    const a = await move(again, uniqueEmail('a'));
    const b = await move(again, uniqueEmail('b'));
    expect((await undo(a)).statusCode).toBe(200);
    expect((await undo(b)).json().error.message).toBe('This link is invalid or has already been used.');
    expect((await accountOf(again.user.id)).email).toBe(again.user.email);
  });

  it('survives a password change and a later change, but not seven days', async () => {
    const member = await userWithSession(ctx, 'buyer');
    const token = await move(member, uniqueEmail('kept'));
    const changed = await post(
      ctx,
      '/api/profile/password',
      { currentPassword: TEST_PASSWORD, newPassword: 'Changed-By-Taker-9' },
      member.session,
    );
    expect(changed.statusCode, changed.body).toBe(204);
    expect((await status(token)).statusCode).toBe(200);
    ctx.clock.advance(7 * DAY);
    const expired = await undo(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.message).toBe('This link has expired. Please ask for a new one.');
  });

  it('refuses an address another account took meanwhile and a password with the address in it, changing nothing', async () => {
    const member = await userWithSession(ctx, 'buyer');
    const original = member.user.email;
    const next = uniqueEmail('next');
    const token = await move(member, next);

    const local = original.split('@')[0];
    const weak = await undo(token, `${local}-Secret-11`);
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields).toEqual({ password: 'Password must not contain your email address' });

    await createUser(ctx, { email: original });
    const taken = await undo(token);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(
      'Another account uses that address now, so it cannot be given back. Contact support.',
    );
    expect((await accountOf(member.user.id)).email).toBe(next);
    expect((await me(member))?.email).toBe(next);
    expect((await status(token)).statusCode).toBe(200);
  });

  it('keeps the address for the undo while its link is open: no sign-up or other account can take it', async () => {
    const member = await userWithSession(ctx, 'buyer');
    const original = member.user.email;
    const token = await move(member, uniqueEmail('moved'));

    const signUp = await post(ctx, '/api/auth/signup', {
      email: original,
      password: 'Squatter-Pass-991',
      displayName: 'Squat',
      role: 'buyer',
    });
    expect(signUp.statusCode).toBe(201);
    expect(await ctx.db.selectFrom('users').select('id').where('email', '=', original).execute()).toEqual([]);
    const attempt = await mailTo(ctx, original, 'Someone tried to sign up to Accountry with your email');
    expect(attempt?.text).toContain('An account moved away from this address recently, and the address stays kept');

    const other = await userWithSession(ctx, 'buyer');
    const asked = await post(ctx, '/api/profile/email', { email: original, password: TEST_PASSWORD }, other.session);
    expect(asked.statusCode).toBe(200);
    expect((await ctx.mailsTo(original)).filter((m) => m.text.includes('/confirm-email?token='))).toEqual([]);

    expect((await undo(token)).statusCode).toBe(200);
    expect((await accountOf(member.user.id)).email).toBe(original);
  });

  it.runIf(testEngine === 'sqlite')('looks the kept address up through its index on every sign-up', async () => {
    const { plan } = await sqlitePlanOf(ctx.handle.url, /from "auth_tokens"/, (db) =>
      addressHeldForUndo(db, 'someone@example.test', ctx.clock.now()),
    );
    expect(plan).toContain('USING INDEX auth_tokens_new_email_idx');
  });

  it('refuses a change link mailed before the address was kept for an undo', async () => {
    const address = uniqueEmail('contested');
    const other = await userWithSession(ctx, 'buyer');
    const asked = await post(ctx, '/api/profile/email', { email: address, password: TEST_PASSWORD }, other.session);
    expect(asked.statusCode).toBe(200);
    const early = tokenFrom(await ctx.lastMail(address), '/confirm-email');
    ctx.clock.advance(2 * 60_000);

    const holder = await createUser(ctx, { email: address });
    await moveAddress(ctx, await signInAs(ctx, holder.id), holder.id, uniqueEmail('holder'));
    const confirmed = await post(ctx, '/api/auth/confirm-email-change', { token: early });
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json().error.message).toBe(
      'Another account uses that address now. Ask for a change to another address.',
    );
  });

  it('lets the account itself move back to the address it left', async () => {
    const member = await userWithSession(ctx, 'buyer');
    const original = member.user.email;
    await move(member, uniqueEmail('away'));
    expect((await moveAddress(ctx, member.session, member.user.id, original)).length).toBeGreaterThan(20);
    expect((await accountOf(member.user.id)).email).toBe(original);
  });

  it('does nothing for a disabled account, and answers a made-up token as an unknown link', async () => {
    const member = await userWithSession(ctx, 'buyer');
    const token = await move(member, uniqueEmail('off'));
    await ctx.db.updateTable('users').set({ disabled: true }).where('id', '=', member.user.id).execute();
    expect((await undo(token)).json().error.message).toBe('This link is invalid or has already been used.');
    expect((await undo('A'.repeat(43))).statusCode).toBe(400);
  });
});
