import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_MESSAGES } from '@accountry/shared/account-rules';
import { ACCOUNT_MESSAGES } from '@accountry/shared/auth-messages';
import {
  createTestApp,
  createUser,
  insertDeletedUser,
  signInAs,
  TEST_PASSWORD,
  type TestContext,
} from '../../test/test-app';
import { AUTH_POLICY } from './auth-policy';
import { post, signInVia, STRONG_PASSWORD, tokenFrom, uniqueEmail } from './auth-test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const request = (email: unknown) => post(ctx, '/api/auth/password-reset/request', { email });
const confirm = (token: unknown, password: unknown, headers?: Record<string, string>) =>
  post(ctx, '/api/auth/password-reset/confirm', { token, password }, { headers });
const status = (token: unknown) => post(ctx, '/api/auth/password-reset/status', { token });
const hashOf = async (id: string) =>
  (await ctx.db.selectFrom('users').select('passwordHash').where('id', '=', id).executeTakeFirstOrThrow()).passwordHash;

async function resetLinkFor(email: string) {
  const res = await request(email);
  expect(res.statusCode).toBe(200);
  return tokenFrom(await ctx.lastMail(email), '/reset-password');
}

describe('asking for a reset link', () => {
  it('answers the same whether or not the address has an account, and mails only a real one', async () => {
    const user = await createUser(ctx);
    const ghost = uniqueEmail('ghost');
    const known = await request(user.email);
    const unknown = await request(ghost);
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.json()).toEqual({ message: ACCOUNT_MESSAGES.resetRequested });
    expect(unknown.json()).toEqual(known.json());
    expect(await ctx.mailsTo(ghost)).toHaveLength(0);
    const mail = (await ctx.lastMail(user.email))!;
    expect(mail.subject).toBe('Reset your Accountry password');
    expect(mail.text).toContain('/reset-password?token=');
    // The limit applies to both, so it reveals nothing either.
    expect((await request(user.email)).statusCode).toBe(429);
    expect((await request(ghost)).statusCode).toBe(429);
  });

  it('does not mail a deleted account', async () => {
    const user = await createUser(ctx);
    await insertDeletedUser(ctx.db, user);
    expect((await request(user.email)).json()).toEqual({ message: ACCOUNT_MESSAGES.resetRequested });
    expect(await ctx.mailsTo(user.email)).toHaveLength(0);
  });

  it('answers the same at once when the mail server fails, and retries the mail later', async () => {
    const user = await createUser(ctx);
    const send = ctx.mailer.send;
    ctx.mailer.send = async () => {
      throw new Error('SMTP down');
    };
    try {
      const known = await request(user.email);
      const unknown = await request(uniqueEmail('ghost'));
      expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
      expect(known.json()).toEqual(unknown.json());
      expect(await ctx.mailsTo(user.email)).toHaveLength(0);
    } finally {
      ctx.mailer.send = send;
    }
    ctx.clock.advance(60_000);
    expect((await ctx.lastMail(user.email))!.subject).toBe('Reset your Accountry password');
  });
});

describe('setting a new password from the link', () => {
  it('changes the password, ends every session and spends the link', async () => {
    const user = await createUser(ctx);
    const sessions = [await signInAs(ctx, user.id), await signInAs(ctx, user.id, true)];
    const token = await resetLinkFor(user.email);
    const st = await status(token);
    expect(st.json()).toEqual({ email: `${user.email[0]}•••@example.test` });

    const res = await confirm(token, STRONG_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: user.email });
    for (const s of sessions)
      expect((await ctx.app.inject({ url: '/api/auth/me', headers: { cookie: s.cookie } })).json().user).toBeNull();
    expect((await signInVia(ctx, user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signInVia(ctx, user.email, STRONG_PASSWORD)).statusCode).toBe(200);

    const again = await confirm(token, 'Another-Pass-77');
    expect(again.json().error).toEqual({ code: 'LINK_INVALID', message: ACCOUNT_MESSAGES.linkInvalid });
    expect((await status(token)).json().error.code).toBe('LINK_INVALID');
  });

  it('keeps the session of the person resetting while signed in, and ends the others', async () => {
    const user = await createUser(ctx);
    const mine = await signInAs(ctx, user.id);
    const other = await signInAs(ctx, user.id);
    const token = await resetLinkFor(user.email);
    expect((await confirm(token, STRONG_PASSWORD, mine.headers)).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/auth/me', headers: { cookie: mine.cookie } })).json().user.uid).toBe(
      user.id,
    );
    expect((await ctx.app.inject({ url: '/api/auth/me', headers: { cookie: other.cookie } })).json().user).toBeNull();
  });

  it('lifts a lock-out and verifies the address (the link reached it)', async () => {
    const user = await createUser(ctx, { emailVerified: false });
    for (let i = 0; i < AUTH_POLICY.accountFailures; i++) await signInVia(ctx, user.email, 'Wrong-Password-1');
    expect((await signInVia(ctx, user.email, TEST_PASSWORD)).json().error.code).toBe('TOO_MANY_ATTEMPTS');
    const token = await resetLinkFor(user.email);
    expect((await confirm(token, STRONG_PASSWORD)).statusCode).toBe(200);
    expect((await signInVia(ctx, user.email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('an expired link is refused', async () => {
    const user = await createUser(ctx);
    const token = await resetLinkFor(user.email);
    ctx.clock.advance(AUTH_POLICY.resetLinkTtlMs);
    const res = await confirm(token, STRONG_PASSWORD);
    expect(res.json().error).toEqual({ code: 'LINK_EXPIRED', message: ACCOUNT_MESSAGES.linkExpired });
    expect((await status(token)).json().error.code).toBe('LINK_EXPIRED');
    expect((await signInVia(ctx, user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it.each([
    ['a weak password', 'short-1', 'password', FIELD_MESSAGES.passwordTooShort],
    ['a common password', 'Password123', 'password', FIELD_MESSAGES.passwordTooCommon],
    ['a password of the wrong type', 12345678901, 'password', FIELD_MESSAGES.passwordRequired],
    ['a huge password', 'Abc-123-'.repeat(6_000), 'password', FIELD_MESSAGES.passwordTooLong],
  ])('refuses %s and keeps the link and the old password', async (_name, password, field, message) => {
    const user = await createUser(ctx);
    const before = await hashOf(user.id);
    const token = await resetLinkFor(user.email);
    const res = await confirm(token, password);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    expect(await hashOf(user.id)).toBe(before);
    expect((await status(token)).statusCode).toBe(200);
  });

  it('refuses a password that holds the address', async () => {
    const user = await createUser(ctx, { email: 'morgan.reed@example.test' });
    const token = await resetLinkFor(user.email);
    const res = await confirm(token, 'Morgan.Reed-2026');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.password).toBe(FIELD_MESSAGES.passwordContainsEmail);
    expect((await status(token)).statusCode).toBe(200);
  });

  it('two requests racing with one link change the password once', async () => {
    const user = await createUser(ctx);
    const token = await resetLinkFor(user.email);
    const results = await Promise.all([confirm(token, 'First-Racer-11'), confirm(token, 'Second-Racer-22')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const winner = results[0].statusCode === 200 ? 'First-Racer-11' : 'Second-Racer-22';
    expect((await signInVia(ctx, user.email, winner)).statusCode).toBe(200);
  });
});

describe('a reset link and a later password change', () => {
  it('a link mailed before the password was changed no longer works after it', async () => {
    const user = await createUser(ctx);
    const token = await resetLinkFor(user.email);
    const session = await signInAs(ctx, user.id);
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/profile/password',
      headers: session.headers,
      payload: { currentPassword: TEST_PASSWORD, newPassword: STRONG_PASSWORD },
    });
    expect(changed.statusCode).toBeLessThan(300);
    const hash = await hashOf(user.id);
    const res = await confirm(token, 'Another-Strong-Pass-91');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('This link is invalid or has already been used.');
    expect(await hashOf(user.id)).toBe(hash);
  });
});
