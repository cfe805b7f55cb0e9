import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANNOUNCEMENTS_CHANGED } from '@accountry/shared/announcements';
import type { Role } from '@accountry/shared/roles';
import { createTestApp, createUser, userWithSession, type Session, type TestContext } from '../../test/test-app';
import type { BusEvent } from '../../realtime/bus';
import { ADMIN_BASE, createAnnouncement } from './announcements-test-helpers';
import { realtimeAudience } from './announcements.socket';
import { setTimeout as sleep } from 'node:timers/promises';

let ctx: TestContext;
let admin: Session;
const events: BusEvent[] = [];
beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await userWithSession(ctx, 'admin')).session;
  ctx.bus.subscribe((e) => {
    if (e.type === ANNOUNCEMENTS_CHANGED) events.push(e);
  });
});
afterAll(() => ctx.close());

const adminCalls = (id: string) =>
  [
    { method: 'GET', url: ADMIN_BASE },
    { method: 'GET', url: `${ADMIN_BASE}/stats` },
    { method: 'GET', url: `${ADMIN_BASE}/user-search?q=a` },
    { method: 'POST', url: ADMIN_BASE, payload: { title: 'x', message: 'y' } },
    { method: 'GET', url: `${ADMIN_BASE}/${id}` },
    { method: 'PATCH', url: `${ADMIN_BASE}/${id}`, payload: { title: 'hacked' } },
    { method: 'DELETE', url: `${ADMIN_BASE}/${id}` },
    { method: 'POST', url: `${ADMIN_BASE}/${id}/recall` },
    { method: 'POST', url: `${ADMIN_BASE}/${id}/send`, payload: { userIds: ['me'] } },
    { method: 'GET', url: `${ADMIN_BASE}/${id}/metrics` },
  ] as const;

describe('authorisation (admin only, checked on the server)', () => {
  it.each<Role>(['buyer', 'seller', 'both'])(
    'refuses a %s every admin operation with 403 and changes nothing',
    async (role) => {
      const n = await createAnnouncement(ctx, admin, { title: 'Guarded' });
      const { session } = await userWithSession(ctx, role);
      for (const call of adminCalls(n.id)) {
        const res = await ctx.app.inject({ ...call, headers: session.headers });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
      }
      const row = await ctx.db.selectFrom('announcements').selectAll().where('id', '=', n.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ title: 'Guarded', status: 'active', targetKind: 'all' });
    },
  );

  it('refuses signed-out callers with 401, and an admin write without the CSRF token with 403', async () => {
    const n = await createAnnouncement(ctx, admin, { title: 'Guarded too' });
    for (const call of adminCalls(n.id)) expect((await ctx.app.inject({ ...call })).statusCode).toBe(401);
    const noCsrf = await ctx.app.inject({
      method: 'POST',
      url: `${ADMIN_BASE}/${n.id}/recall`,
      headers: { cookie: admin.cookie },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().error.code).toBe('CSRF_FAILED');
  });

  it('lets an admin search users by name, email or id, and look chosen ones up by id', async () => {
    const u = await createUser(ctx, { displayName: 'Zelda Quartermaine', role: 'seller' });
    const search = async (q: string) =>
      (await ctx.app.inject({ method: 'GET', url: `${ADMIN_BASE}/user-search?${q}`, headers: admin.headers })).json()
        .users;
    expect(await search('q=quarterm')).toEqual([
      { id: u.id, displayName: 'Zelda Quartermaine', email: u.email, role: 'seller' },
    ]);
    expect((await search(`q=${encodeURIComponent(u.email.toUpperCase())}`)).map((x: { id: string }) => x.id)).toEqual([
      u.id,
    ]);
    expect((await search(`q=${encodeURIComponent(u.id)}`)).map((x: { id: string }) => x.id)).toEqual([u.id]);
    expect(await search('q=%25')).toEqual([]); // LIKE wildcards are taken literally
    expect(await search('q=_')).toEqual([]);
    expect((await search(`ids=${encodeURIComponent(`${u.id},missing`)}`)).map((x: { id: string }) => x.id)).toEqual([
      u.id,
    ]);
    expect(await search('')).toEqual([]);
  });
});

describe('realtime: targeted users refresh at once', () => {
  it.each<[Parameters<typeof realtimeAudience>[0], object]>([
    [['all'], { all: true }],
    [['seller'], { roles: ['seller'] }],
    [['both'], { roles: ['buyer', 'seller', 'both'] }],
    [['admin', ['u1']], { roles: ['admin'], userIds: ['u1'] }],
    [['buyer', 'all'], { all: true }],
    [[Array.from({ length: 201 }, (_, i) => `u${i}`)], { all: true }],
  ])('%j reaches %j', (targets, audience) => {
    expect(realtimeAudience(targets)).toEqual(audience);
  });

  it('publishes create, update (old and new audience), send, recall and delete of active announcements; drafts stay quiet', async () => {
    const next = async () => {
      for (let i = 0; i < 50 && events.length === 0; i++) await sleep(20);
      return events.splice(0);
    };
    events.splice(0);
    const n = await createAnnouncement(ctx, admin, { title: 'Heads up', severity: 'warning', targetUsers: 'seller' });
    expect(await next()).toEqual([
      { type: ANNOUNCEMENTS_CHANGED, audience: { roles: ['seller'] }, data: { id: n.id, action: 'created' } },
    ]);
    await ctx.app.inject({
      method: 'PATCH',
      url: `${ADMIN_BASE}/${n.id}`,
      payload: { targetUsers: 'buyer' },
      headers: admin.headers,
    });
    expect((await next())[0]).toMatchObject({ audience: { roles: ['seller', 'buyer'] }, data: { action: 'updated' } });
    await ctx.app.inject({
      method: 'POST',
      url: `${ADMIN_BASE}/${n.id}/send`,
      payload: { userIds: ['p1'] },
      headers: admin.headers,
    });
    expect((await next())[0]).toMatchObject({
      audience: { roles: ['buyer'], userIds: ['p1'] },
      data: { action: 'sent' },
    });
    await ctx.app.inject({ method: 'POST', url: `${ADMIN_BASE}/${n.id}/recall`, headers: admin.headers });
    expect((await next())[0]).toMatchObject({ audience: { userIds: ['p1'] }, data: { id: n.id, action: 'recalled' } });

    const draft = await createAnnouncement(ctx, admin, { title: 'Quiet', status: 'draft' });
    await ctx.app.inject({
      method: 'PATCH',
      url: `${ADMIN_BASE}/${draft.id}`,
      payload: { title: 'Still quiet' },
      headers: admin.headers,
    });
    await ctx.app.inject({ method: 'DELETE', url: `${ADMIN_BASE}/${draft.id}`, headers: admin.headers });
    const live = await createAnnouncement(ctx, admin, { title: 'Live' });
    await ctx.app.inject({ method: 'DELETE', url: `${ADMIN_BASE}/${live.id}`, headers: admin.headers });
    const seen = [...(await next())];
    for (let i = 0; i < 10 && seen.length < 2; i++) seen.push(...(await next()));
    expect(seen.map((e) => [e.data, e.audience])).toEqual([
      [{ id: live.id, action: 'created' }, { all: true }],
      [{ id: live.id, action: 'deleted' }, { all: true }],
    ]);
  });
});
