import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { SESSION_CACHE_MS } from '../../sessions/session-cache';
import { postgresBus } from '../../realtime/bus';
import { createTestApp, createUser, signInAs, TEST_PASSWORD, type TestContext } from '../../test/test-app';
import { post, sessionFrom, signInVia, STRONG_PASSWORD } from './auth-test-helpers';

// Each test first answers a request with the session, so it sits in the cache; then changes it through the product
// and expects the very next request to see the change.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const me = async (cookie: string, app = ctx.app) =>
  (await app.inject({ url: '/api/auth/me', headers: { cookie } })).json().user as {
    uid: string;
    displayName: string;
    role: string;
  } | null;

async function signedIn(role: 'buyer' | 'admin' = 'buyer') {
  const user = await createUser(ctx, { role });
  const s = sessionFrom(await signInVia(ctx, user.email, TEST_PASSWORD));
  expect((await me(s.cookie))?.uid).toBe(user.id);
  return { user, ...s };
}

describe('the session cache', () => {
  it('answers a recent session from memory for a few seconds, then asks the database again', async () => {
    const { user, cookie } = await signedIn();
    // Removed behind the product's back (no invalidation): the cache still answers until it expires.
    await ctx.db.deleteFrom('sessions').where('userId', '=', user.id).execute();
    expect((await me(cookie))?.uid).toBe(user.id);
    ctx.clock.advance(SESSION_CACHE_MS);
    expect(await me(cookie)).toBeNull();
  });

  it('forgets the session at sign-out', async () => {
    const { cookie, headers } = await signedIn();
    expect((await post(ctx, '/api/auth/signout', {}, { headers })).statusCode).toBe(204);
    expect(await me(cookie)).toBeNull();
  });

  it('forgets every session of the user at sign-out everywhere', async () => {
    const { user, headers } = await signedIn();
    const other = sessionFrom(await signInVia(ctx, user.email, TEST_PASSWORD));
    expect((await me(other.cookie))?.uid).toBe(user.id);
    expect((await post(ctx, '/api/auth/signout-everywhere', {}, { headers })).statusCode).toBe(204);
    expect(await me(other.cookie)).toBeNull();
  });

  it('forgets the other sessions when the password changes', async () => {
    const { user, cookie, headers } = await signedIn();
    const other = sessionFrom(await signInVia(ctx, user.email, TEST_PASSWORD));
    expect((await me(other.cookie))?.uid).toBe(user.id);
    const res = await post(
      ctx,
      '/api/profile/password',
      { currentPassword: TEST_PASSWORD, newPassword: STRONG_PASSWORD },
      { headers },
    );
    expect(res.statusCode, res.body).toBe(204);
    expect(await me(other.cookie)).toBeNull();
    expect((await me(cookie))?.uid).toBe(user.id);
  });

  it('shows a profile change on the next request', async () => {
    const { cookie, headers } = await signedIn();
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      payload: { displayName: 'Renamed Member' },
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(cookie))?.displayName).toBe('Renamed Member');
  });

  it.each([
    ['disables', 'disable', null],
    ['deletes', 'delete', null],
    ['changes the role of', 'role', 'seller'],
  ] as const)('ends or updates the session at once when an admin %s the user', async (_name, action, role) => {
    const admin = await signInAs(ctx, (await createUser(ctx, { role: 'admin' })).id);
    const { user, cookie } = await signedIn();
    const res = await ctx.app.inject({
      method: action === 'role' ? 'PUT' : 'POST',
      url: `/api/admin/users/${user.id}/${action}`,
      payload: action === 'role' ? { role: 'seller' } : {},
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(cookie))?.role ?? null).toBe(role);
  });

  it('forgets on every server process: a sign-out on one is seen by the other at once', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
    // On PostgreSQL the second process has its own LISTEN connection; on SQLite there is one process and one bus.
    const bus = ctx.handle.engine === 'postgres' ? await postgresBus(ctx.handle.url, ctx.handle.pgSchema) : ctx.bus;
    const second = await buildApp({ db: ctx.handle, mailer: ctx.mailer, clock: ctx.clock, bus, config });
    try {
      const { user, cookie, headers } = await signedIn();
      expect((await me(cookie, second))?.uid).toBe(user.id);
      expect((await post(ctx, '/api/auth/signout', {}, { headers })).statusCode).toBe(204);
      // PostgreSQL carries the forget over LISTEN/NOTIFY: give the notification its moment to arrive.
      await expect.poll(() => me(cookie, second)).toBeNull();
    } finally {
      await second.close();
      if (bus !== ctx.bus) await bus.close();
    }
  });

  it('forgets a device signed out from another on every server process', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
    const bus = ctx.handle.engine === 'postgres' ? await postgresBus(ctx.handle.url, ctx.handle.pgSchema) : ctx.bus;
    const second = await buildApp({ db: ctx.handle, mailer: ctx.mailer, clock: ctx.clock, bus, config });
    try {
      const { user, headers } = await signedIn();
      const phone = sessionFrom(await signInVia(ctx, user.email, TEST_PASSWORD));
      // The phone's session sits in the other process's cache.
      expect((await me(phone.cookie, second))?.uid).toBe(user.id);
      const list = await ctx.app.inject({ url: '/api/auth/sessions', headers: { cookie: phone.cookie } });
      const phoneId = (list.json().sessions as Array<{ id: string; current: boolean }>).find((s) => s.current)!.id;
      const ended = await ctx.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${phoneId}`, headers });
      expect(ended.statusCode, ended.body).toBe(204);
      await expect.poll(() => me(phone.cookie, second)).toBeNull();
      const next = await second.inject({ url: '/api/auth/sessions', headers: { cookie: phone.cookie } });
      expect(next.statusCode).toBe(401);
    } finally {
      await second.close();
      if (bus !== ctx.bus) await bus.close();
    }
  });
});
