import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_FALLBACK_MESSAGES } from '@accountry/shared/auth-messages';
import { INACTIVITY_TIMEOUT_MS, REMEMBER_ME_TIMEOUT_MS } from '@accountry/shared/constants';
import { createTestApp, createUser, signInAs, TEST_PASSWORD, type TestContext } from '../../test/test-app';
import { post, sessionFrom, signInVia } from './auth-test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const me = (cookie: string) => ctx.app.inject({ url: '/api/auth/me', headers: { cookie } });
const sessionCount = async (userId: string) =>
  (await ctx.db.selectFrom('sessions').select('id').where('userId', '=', userId).execute()).length;

describe('inactivity timeout on the server', () => {
  it('ends a session idle for 5 hours: it is refused and deleted', async () => {
    const user = await createUser(ctx);
    const s = sessionFrom(await signInVia(ctx, user.email, TEST_PASSWORD));
    ctx.clock.advance(INACTIVITY_TIMEOUT_MS - 1000);
    expect((await me(s.cookie)).json().user.uid).toBe(user.id);
    // Activity moved lastActive, so the 5 hours start again.
    ctx.clock.advance(INACTIVITY_TIMEOUT_MS - 1000);
    expect((await me(s.cookie)).json().user.uid).toBe(user.id);
    ctx.clock.advance(INACTIVITY_TIMEOUT_MS + 1);
    expect((await me(s.cookie)).json()).toEqual({ user: null, timeoutMs: null, remember: false });
    expect(await sessionCount(user.id)).toBe(0);
  });

  it('with remember me the session survives 5 hours and ends after 5 days', async () => {
    const user = await createUser(ctx);
    const s = sessionFrom(await signInVia(ctx, user.email, TEST_PASSWORD, { remember: true }));
    ctx.clock.advance(INACTIVITY_TIMEOUT_MS * 2);
    expect((await me(s.cookie)).json()).toMatchObject({
      user: { uid: user.id },
      timeoutMs: REMEMBER_ME_TIMEOUT_MS,
      remember: true,
    });
    ctx.clock.advance(REMEMBER_ME_TIMEOUT_MS + 1);
    expect((await me(s.cookie)).json().user).toBeNull();
    expect(await sessionCount(user.id)).toBe(0);
  });

  it('records lastActive on activity', async () => {
    const user = await createUser(ctx);
    const s = sessionFrom(await signInVia(ctx, user.email, TEST_PASSWORD));
    ctx.clock.advance(60_000);
    await me(s.cookie);
    const row = await ctx.db
      .selectFrom('users')
      .select('lastActive')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.lastActive).toBe(ctx.clock.now());
  });

  it('ends the sessions of an account disabled while signed in', async () => {
    const user = await createUser(ctx);
    const s = await signInAs(ctx, user.id);
    await ctx.db.updateTable('users').set({ disabled: true }).where('id', '=', user.id).execute();
    expect((await me(s.cookie)).json().user).toBeNull();
    expect(await sessionCount(user.id)).toBe(0);
  });

  it('shortened timeouts come from configuration', async () => {
    const short = await createTestApp({ SESSION_TIMEOUT_MS: '4000', REMEMBER_TIMEOUT_MS: '9000' });
    try {
      const user = await createUser(short);
      const res = await short.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: user.email, password: TEST_PASSWORD },
      });
      expect(res.json().timeoutMs).toBe(4000);
      const s = sessionFrom(res);
      // Activity keeps even a short session alive.
      for (let i = 0; i < 3; i++) {
        short.clock.advance(3000);
        expect((await short.app.inject({ url: '/api/auth/me', headers: { cookie: s.cookie } })).json().user.uid).toBe(
          user.id,
        );
      }
      short.clock.advance(4001);
      const after = await short.app.inject({ url: '/api/auth/me', headers: { cookie: s.cookie } });
      expect(after.json().user).toBeNull();
      const remembered = await short.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: user.email, password: TEST_PASSWORD, remember: true },
      });
      expect(remembered.json().timeoutMs).toBe(9000);
    } finally {
      await short.close();
    }
  });
});

describe('sign out', () => {
  it('ends this session only and clears the cookies', async () => {
    const user = await createUser(ctx);
    const a = sessionFrom(await signInVia(ctx, user.email, TEST_PASSWORD));
    const b = sessionFrom(await signInVia(ctx, user.email, TEST_PASSWORD));
    const res = await post(ctx, '/api/auth/signout', undefined, { headers: a.headers });
    expect(res.statusCode).toBe(204);
    const cleared = res.cookies.filter((c) => c.name === 'sid' || c.name === 'csrf_token');
    expect(cleared.map((c) => c.value)).toEqual(['', '']);
    expect((await me(a.cookie)).json().user).toBeNull();
    expect((await me(b.cookie)).json().user.uid).toBe(user.id);
  });

  it('needs the CSRF token when the cookie is sent', async () => {
    const user = await createUser(ctx);
    const s = await signInAs(ctx, user.id);
    const res = await post(ctx, '/api/auth/signout', undefined, { headers: { cookie: s.cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF_FAILED');
    expect(await sessionCount(user.id)).toBe(1);
  });

  it('is harmless without a session', async () => {
    expect((await post(ctx, '/api/auth/signout', undefined)).statusCode).toBe(204);
  });

  it("everywhere ends every session of the user and no one else's", async () => {
    const user = await createUser(ctx);
    const other = await createUser(ctx);
    const otherSession = await signInAs(ctx, other.id);
    const sessions = [await signInAs(ctx, user.id), await signInAs(ctx, user.id, true), await signInAs(ctx, user.id)];
    const res = await post(ctx, '/api/auth/signout-everywhere', undefined, { headers: sessions[0].headers });
    expect(res.statusCode).toBe(204);
    expect(await sessionCount(user.id)).toBe(0);
    for (const s of sessions) expect((await me(s.cookie)).json().user).toBeNull();
    expect((await me(otherSession.cookie)).json().user.uid).toBe(other.id);
  });

  it('everywhere needs someone signed in', async () => {
    const res = await post(ctx, '/api/auth/signout-everywhere', undefined);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(AUTH_FALLBACK_MESSAGES.noUser);
  });
});

describe('GET /api/auth/sessions', () => {
  it('lists the devices signed in, marking this one', async () => {
    const user = await createUser(ctx);
    const first = sessionFrom(await signInVia(ctx, user.email, TEST_PASSWORD, { remember: true }));
    ctx.clock.advance(1000);
    await signInVia(ctx, user.email, TEST_PASSWORD);
    const res = await ctx.app.inject({ url: '/api/auth/sessions', headers: { cookie: first.cookie } });
    expect(res.statusCode).toBe(200);
    const list = res.json().sessions;
    expect(list).toHaveLength(2);
    expect(list.filter((s: { current: boolean }) => s.current)).toEqual([
      expect.objectContaining({ current: true, remember: true }),
    ]);
    // Only the public id (decision 199): nothing that signs in, nor the key the cookie is looked up by.
    expect(Object.keys(list[0]).sort()).toEqual(['createdAt', 'current', 'id', 'lastActive', 'remember', 'userAgent']);
    expect(JSON.stringify(list)).not.toMatch(/csrf/i);
  });

  it('leaves out a device whose session ended for inactivity, and the next sign-in deletes its row', async () => {
    const user = await createUser(ctx);
    await signInVia(ctx, user.email, TEST_PASSWORD);
    const kept = sessionFrom(await signInVia(ctx, user.email, TEST_PASSWORD, { remember: true }));
    // The browser session's cookie is gone (its browser closed): nothing ever asks with it again.
    ctx.clock.advance(INACTIVITY_TIMEOUT_MS + 1);
    const res = await ctx.app.inject({ url: '/api/auth/sessions', headers: { cookie: kept.cookie } });
    expect(res.json().sessions).toEqual([expect.objectContaining({ current: true, remember: true })]);
    await signInVia(ctx, user.email, TEST_PASSWORD);
    expect(await sessionCount(user.id)).toBe(2);
    // A remembered session lasts its own, longer timeout.
    ctx.clock.advance(INACTIVITY_TIMEOUT_MS + 1);
    await signInVia(ctx, user.email, TEST_PASSWORD);
    expect(await sessionCount(user.id)).toBe(2);
    ctx.clock.advance(REMEMBER_ME_TIMEOUT_MS + 1);
    await signInVia(ctx, user.email, TEST_PASSWORD);
    expect(await sessionCount(user.id)).toBe(1);
  });
  it('keeps the 50 most recently used sessions of a member: a 51st sign-in signs the least recent out', async () => {
    const user = await createUser(ctx);
    const oldest = await signInAs(ctx, user.id, true);
    ctx.clock.advance(60_000);
    const others = [];
    for (let i = 0; i < 48; i++) others.push(await signInAs(ctx, user.id, true));
    // The oldest is used again (its last activity is written at most twice a minute): the least recently used is now
    // one of the others.
    ctx.clock.advance(60_000);
    expect((await me(oldest.cookie)).json().user.uid).toBe(user.id);
    ctx.clock.advance(60_000);
    await signInVia(ctx, user.email, TEST_PASSWORD);
    expect(await sessionCount(user.id)).toBe(50);
    await signInVia(ctx, user.email, TEST_PASSWORD);
    expect(await sessionCount(user.id)).toBe(50);
    expect((await me(oldest.cookie)).json().user.uid).toBe(user.id);
    const signedOut = [];
    for (const s of others) if ((await me(s.cookie)).json().user === null) signedOut.push(s);
    expect(signedOut).toHaveLength(1);
  });
});
