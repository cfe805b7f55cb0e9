import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, SIGN_IN_MESSAGES } from '@accountry/shared/auth-messages';
import { INACTIVITY_TIMEOUT_MS, REMEMBER_ME_TIMEOUT_MS } from '@accountry/shared/constants';
import { buildApp } from '../../app';
import { createTestApp, createUser, insertDeletedUser, TEST_PASSWORD, type TestContext } from '../../test/test-app';
import { AUTH_POLICY } from './auth-policy';
import {
  freshIp,
  freshIpv6Net,
  post,
  sessionFrom,
  signInVia,
  signUpVia,
  STRONG_PASSWORD,
  uniqueEmail,
} from './auth-test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const error = (res: { json(): any }) => res.json().error;
const sessionsOf = (userId: string) => ctx.db.selectFrom('sessions').selectAll().where('userId', '=', userId).execute();

describe('POST /api/auth/signin', () => {
  it('signs in with a browser-session cookie by default and answers with the user and the 5-hour timeout', async () => {
    const user = await createUser(ctx, { role: 'seller', email: 'sam.seller@example.test' });
    const res = await signInVia(ctx, '  Sam.Seller@Example.TEST ', TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      user: { uid: user.id, email: user.email, role: 'seller', emailVerified: true },
      timeoutMs: INACTIVITY_TIMEOUT_MS,
      remember: false,
    });
    expect(JSON.stringify(res.json())).not.toContain('scrypt');
    const sid = res.cookies.find((c) => c.name === 'sid')!;
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(sid.expires).toBeUndefined();
    expect(res.cookies.find((c) => c.name === 'csrf_token')!.httpOnly).toBeUndefined();
    const rows = await sessionsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].id).not.toBe(sid.value);
    expect(rows[0].remember).toBe(false);
    const me = await ctx.app.inject({ url: '/api/auth/me', headers: { cookie: sessionFrom(res).cookie } });
    expect(me.json()).toMatchObject({ user: { uid: user.id }, timeoutMs: INACTIVITY_TIMEOUT_MS, remember: false });
  });

  it('with remember me the cookie persists for 5 days', async () => {
    const user = await createUser(ctx);
    const res = await signInVia(ctx, user.email, TEST_PASSWORD, { remember: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ timeoutMs: REMEMBER_ME_TIMEOUT_MS, remember: true });
    const sid = res.cookies.find((c) => c.name === 'sid')!;
    // Cookie dates have whole seconds.
    expect(new Date(sid.expires!).getTime()).toBe(Math.floor((ctx.clock.now() + REMEMBER_ME_TIMEOUT_MS) / 1000) * 1000);
    expect((await sessionsOf(user.id))[0].remember).toBe(true);
  });

  it('signing in again replaces the session this browser had', async () => {
    const user = await createUser(ctx);
    const first = sessionFrom(await signInVia(ctx, user.email, TEST_PASSWORD));
    const res = await post(
      ctx,
      '/api/auth/signin',
      { email: user.email, password: TEST_PASSWORD },
      { headers: first.headers },
    );
    expect(res.statusCode).toBe(200);
    expect(await sessionsOf(user.id)).toHaveLength(1);
    const old = await ctx.app.inject({ url: '/api/auth/me', headers: { cookie: first.cookie } });
    expect(old.json().user).toBeNull();
  });

  it('a wrong password and an unknown address get the same answer', async () => {
    const user = await createUser(ctx);
    const wrong = await signInVia(ctx, user.email, 'Not-The-Password-1');
    const unknown = await signInVia(ctx, uniqueEmail('nobody'), TEST_PASSWORD);
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(error(res)).toEqual({ code: 'INVALID_CREDENTIALS', message: SIGN_IN_MESSAGES.invalidCredentials });
      expect(res.cookies).toEqual([]);
    }
    expect(await sessionsOf(user.id)).toHaveLength(0);
  });

  it.each([
    ['not an address', 'someone'],
    ['an address of the wrong type', 42],
    ['a huge address', `${'a'.repeat(50_000)}@example.test`],
  ])('refuses %s with the invalid-email message', async (_name, email) => {
    const res = await post(ctx, '/api/auth/signin', { email, password: 'whatever-1' });
    expect(res.statusCode).toBe(400);
    expect(error(res).message).toBe(SIGN_IN_MESSAGES.invalidEmail);
    expect(error(res).fields.email).toBe(SIGN_IN_MESSAGES.invalidEmail);
  });

  it.each([
    ['a missing password', { password: undefined }, 'password'],
    ['a password of the wrong type', { password: ['x'] }, 'password'],
    ['a huge password', { password: 'x'.repeat(50_000) }, 'password'],
    ['remember me of the wrong type', { remember: 'yes' }, 'remember'],
    ['an unknown field', { role: 'admin' }, 'role'],
  ])('refuses %s with a 400 naming the field', async (_name, over, field) => {
    const user = await createUser(ctx);
    const res = await post(ctx, '/api/auth/signin', { email: user.email, password: TEST_PASSWORD, ...over });
    expect(res.statusCode).toBe(400);
    expect(error(res).fields[field]).toBeTruthy();
    expect(await sessionsOf(user.id)).toHaveLength(0);
  });

  it('refuses an unverified address (after the right password) with the code the client sends to /verification-sent', async () => {
    const { body } = await signUpVia(ctx);
    const res = await signInVia(ctx, body.email, body.password);
    expect(res.statusCode).toBe(403);
    expect(error(res)).toEqual({ code: 'EMAIL_UNVERIFIED', message: SIGN_IN_MESSAGES.unverified });
    expect(res.cookies).toEqual([]);
    // With the wrong password the account's state is not told.
    expect(error(await signInVia(ctx, body.email, 'Wrong-Password-9')).code).toBe('INVALID_CREDENTIALS');
  });

  it('refuses a disabled account', async () => {
    const user = await createUser(ctx, { disabled: true });
    const res = await signInVia(ctx, user.email, TEST_PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(error(res)).toEqual({ code: 'ACCOUNT_DISABLED', message: SIGN_IN_MESSAGES.disabled });
    expect(await sessionsOf(user.id)).toHaveLength(0);
    expect(error(await signInVia(ctx, user.email, 'Wrong-Password-9')).code).toBe('INVALID_CREDENTIALS');
  });

  it("refuses a deleted account (deleted-user record 'unresolved'), but not a resolved one", async () => {
    const user = await createUser(ctx);
    const now = ctx.clock.now();
    await insertDeletedUser(ctx.db, user, { reason: 'fraud', createdAt: now, updatedAt: now });
    const res = await signInVia(ctx, user.email, TEST_PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(error(res)).toEqual({ code: 'ACCOUNT_DELETED', message: SIGN_IN_MESSAGES.deleted });
    await ctx.db.updateTable('deletedUsers').set({ status: 'resolved' }).where('uid', '=', user.id).execute();
    expect((await signInVia(ctx, user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('answers the generic sign-in message when something unexpected breaks', async () => {
    // A stored hash with impossible scrypt parameters makes the check itself throw.
    const user = await createUser(ctx, { passwordHash: 'scrypt$1000$8$1$c2FsdHNhbHRzYWx0$a2V5a2V5a2V5' });
    const res = await signInVia(ctx, user.email, TEST_PASSWORD);
    expect(res.statusCode).toBe(500);
    expect(error(res)).toEqual({ code: 'SIGN_IN_FAILED', message: SIGN_IN_MESSAGES.other });
  });
});

describe('lock-out after repeated failures', () => {
  it('locks an address after 5 failures in 15 minutes, even for the right password, then lets it in again', async () => {
    const user = await createUser(ctx);
    for (let i = 1; i < AUTH_POLICY.accountFailures; i++) {
      expect(error(await signInVia(ctx, user.email, `Wrong-Password-${i}`)).code).toBe('INVALID_CREDENTIALS');
    }
    const fifth = await signInVia(ctx, user.email, 'Wrong-Password-5');
    expect(fifth.statusCode).toBe(429);
    expect(error(fifth)).toEqual({ code: 'TOO_MANY_ATTEMPTS', message: SIGN_IN_MESSAGES.tooManyAttempts });
    const right = await signInVia(ctx, user.email, TEST_PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(error(right).message).toBe(SIGN_IN_MESSAGES.tooManyAttempts);
    expect(await sessionsOf(user.id)).toHaveLength(0);
    // Other addresses are not affected.
    const other = await createUser(ctx);
    expect((await signInVia(ctx, other.email, TEST_PASSWORD)).statusCode).toBe(200);

    ctx.clock.advance(AUTH_POLICY.failureWindowMs + 1000);
    expect((await signInVia(ctx, user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('a successful sign-in clears the failures of the address', async () => {
    const user = await createUser(ctx);
    for (let i = 0; i < AUTH_POLICY.accountFailures - 1; i++) await signInVia(ctx, user.email, 'Wrong-Password-1');
    expect((await signInVia(ctx, user.email, TEST_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < AUTH_POLICY.accountFailures - 1; i++) {
      expect(error(await signInVia(ctx, user.email, 'Wrong-Password-1')).code).toBe('INVALID_CREDENTIALS');
    }
  });

  it('locks an IP address that fails on many accounts', async () => {
    const ip = freshIp();
    // Real accounts with wrong passwords: an unknown address would cost a full-strength dummy hash each time.
    const targets = await Promise.all(Array.from({ length: AUTH_POLICY.ipFailures }, () => createUser(ctx)));
    for (const t of targets.slice(0, -1)) {
      expect(error(await signInVia(ctx, t.email, 'Spray-Password-1', { ip })).code).toBe('INVALID_CREDENTIALS');
    }
    expect(error(await signInVia(ctx, targets.at(-1)!.email, 'Spray-Password-1', { ip })).code).toBe(
      'TOO_MANY_ATTEMPTS',
    );
    const user = await createUser(ctx);
    expect(error(await signInVia(ctx, user.email, TEST_PASSWORD, { ip })).code).toBe('TOO_MANY_ATTEMPTS');
    expect((await signInVia(ctx, user.email, TEST_PASSWORD, { ip: freshIp() })).statusCode).toBe(200);
  });

  it('counts every address of one IPv6 /64 as one client address, however it is written', async () => {
    const net = freshIpv6Net();
    const [a, b, c, d] = net.split(':');
    // One subscriber holds the whole /64: each failure from another address of it, written in another form.
    const forms = (i: number) => {
      const host = (i + 1).toString(16);
      return [
        `${net}::${host}`,
        `${a}:${b.toUpperCase()}:0${c}:${d}:0:0:0:${host}`,
        `${net}:ffff:ffff:ffff:${host}`,
        `${net}::${host}%eth0`,
      ][i % 4];
    };
    const targets = await Promise.all(Array.from({ length: AUTH_POLICY.ipFailures }, () => createUser(ctx)));
    for (const [i, t] of targets.slice(0, -1).entries()) {
      const res = await signInVia(ctx, t.email, 'Spray-Password-1', { ip: forms(i) });
      expect(error(res).code).toBe('INVALID_CREDENTIALS');
    }
    const last = await signInVia(ctx, targets.at(-1)!.email, 'Spray-Password-1', { ip: `${net}::beef` });
    expect(error(last).code).toBe('TOO_MANY_ATTEMPTS');
    const user = await createUser(ctx);
    expect(error(await signInVia(ctx, user.email, TEST_PASSWORD, { ip: `${net}::cafe` })).code).toBe(
      'TOO_MANY_ATTEMPTS',
    );
    // The next /64 is another subscriber.
    expect((await signInVia(ctx, user.email, TEST_PASSWORD, { ip: `${freshIpv6Net()}::1` })).statusCode).toBe(200);
  });

  it('counts an IPv4 address and the IPv6 forms that carry it (mapped, 6to4, Teredo) as one address', async () => {
    const ip = freshIp();
    const [a, b, c, d] = ip.split('.').map(Number);
    const [hi, lo] = [(a << 8) | b, (c << 8) | d];
    const hex = (n: number) => n.toString(16);
    const forms = [
      ip,
      `::ffff:${ip}`,
      `2002:${hex(hi)}:${hex(lo)}:1::1`,
      // Teredo writes the client's address inverted, behind its server's address and its port.
      `2001:0:4136:e378:8000:63bf:${hex(hi ^ 0xffff)}:${hex(lo ^ 0xffff)}`,
    ];
    const targets = await Promise.all(Array.from({ length: AUTH_POLICY.ipFailures }, () => createUser(ctx)));
    for (const [i, t] of targets.slice(0, -1).entries()) {
      const from = forms[i % forms.length];
      expect(error(await signInVia(ctx, t.email, 'Spray-Password-1', { ip: from })).code).toBe('INVALID_CREDENTIALS');
    }
    const last = await signInVia(ctx, targets.at(-1)!.email, 'Spray-Password-1', { ip: `::FFFF:${ip}` });
    expect(error(last).code).toBe('TOO_MANY_ATTEMPTS');
  });

  it('holds across server processes sharing the database', async () => {
    const user = await createUser(ctx);
    const second = await buildApp({
      db: ctx.handle,
      mailer: ctx.mailer,
      clock: ctx.clock,
      bus: ctx.bus,
      config: ctx.deps.config,
    });
    try {
      for (let i = 0; i < AUTH_POLICY.accountFailures; i++) {
        const app = i % 2 ? second : ctx.app;
        await app.inject({
          method: 'POST',
          url: '/api/auth/signin',
          payload: { email: user.email, password: 'Wrong-Password-1' },
          remoteAddress: freshIp(),
        });
      }
      const res = await second.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: user.email, password: TEST_PASSWORD },
        remoteAddress: freshIp(),
      });
      expect(error(res).code).toBe('TOO_MANY_ATTEMPTS');
    } finally {
      await second.close();
    }
  });

  it('limits sign-in requests per client address and says so with the spec message', async () => {
    const ip = freshIp();
    let last;
    for (let i = 0; i < 31; i++) last = await post(ctx, '/api/auth/signin', { email: 'bad', password: 'x' }, { ip });
    expect(last!.statusCode).toBe(429);
    expect(error(last!)).toEqual({ code: 'TOO_MANY_ATTEMPTS', message: SIGN_IN_MESSAGES.tooManyAttempts });
  });
  it('limits sign-in requests per IPv6 /64, not per address', async () => {
    const net = freshIpv6Net();
    let last;
    for (let i = 0; i < 31; i++) {
      last = await post(ctx, '/api/auth/signin', { email: 'bad', password: 'x' }, { ip: `${net}::${i.toString(16)}` });
    }
    expect(last!.statusCode).toBe(429);
    expect(error(last!)).toEqual({ code: 'TOO_MANY_ATTEMPTS', message: SIGN_IN_MESSAGES.tooManyAttempts });
    const elsewhere = await post(
      ctx,
      '/api/auth/signin',
      { email: 'bad', password: 'x' },
      { ip: `${freshIpv6Net()}::1` },
    );
    expect(elsewhere.statusCode).toBe(400);
  });
});

describe('messages for the signed-in endpoints', () => {
  it('tells who is not signed in, or whose session ended', async () => {
    const res = await ctx.app.inject({ url: '/api/profile' });
    expect(res.statusCode).toBe(401);
    expect(error(res).message).toBe('No user is currently signed in');
    const user = await createUser(ctx);
    const s = sessionFrom(await signInVia(ctx, user.email, TEST_PASSWORD));
    ctx.clock.advance(INACTIVITY_TIMEOUT_MS + 1);
    const expired = await ctx.app.inject({ url: '/api/profile', headers: { cookie: s.cookie } });
    expect(expired.statusCode).toBe(401);
    expect(error(expired).message).toBe(ACCOUNT_MESSAGES.timedOut);
  });

  it('sign-up strength rules never lock out an older password at sign-in', async () => {
    const user = await createUser(ctx);
    expect((await signInVia(ctx, user.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect(STRONG_PASSWORD).not.toBe(TEST_PASSWORD);
  });
});
