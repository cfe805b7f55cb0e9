import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { TRAFFIC_ACTIVE_USERS_PATH } from '@accountry/shared/traffic';
import { buildApp } from '../../app';
import { createTestApp, userWithSession, type TestContext } from '../../test/test-app';
import { trafficRecorderOf } from './traffic.routes';
import {
  at,
  FIREFOX_ANDROID,
  flushTraffic,
  newVisitorId,
  pageView,
  readActiveCount,
  sendEvent,
  startSession,
} from './traffic-test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  // The tests decide when batches are written.
  trafficRecorderOf(ctx.deps).stopTimer();
});
afterAll(() => ctx.close());

const sessionRow = (id: string) =>
  ctx.db.selectFrom('trafficSessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const end = (visitorId: string, sessionId: string, path?: string) =>
  sendEvent(
    ctx,
    { type: 'session_end', visitorId, sessionId, ...(path ? { path } : {}) },
    { contentType: 'text/plain;charset=UTF-8' },
  );

describe('tracking sessions (spec sections 3 and 4)', () => {
  it('starts active with every field of the session record', async () => {
    ctx.clock.set(at('2032-01-10T09:00:00Z'));
    const v = newVisitorId();
    const id = await startSession(ctx, v, '/browse', { referrer: 'https://t.co/abc' }, { userAgent: FIREFOX_ANDROID });
    expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    await flushTraffic(ctx);
    expect(await sessionRow(id)).toEqual({
      id,
      visitorId: v,
      startTime: ctx.clock.now(),
      isActive: true,
      lastActive: ctx.clock.now(),
      pageViews: 0,
      currentPath: '/browse',
      entryPath: '/browse',
      device: 'mobile',
      browser: 'Firefox',
      referrer: 't.co',
      country: 'unknown',
      city: 'unknown',
      endTime: null,
      duration: null,
      exitPath: null,
    });
  });

  it('moves on with each navigation and ends on unload with a duration in whole minutes', async () => {
    ctx.clock.set(at('2032-01-11T09:00:00Z'));
    const v = newVisitorId();
    const id = await startSession(ctx, v, '/');
    await pageView(ctx, v, '/', { sessionId: id });
    await flushTraffic(ctx);
    ctx.clock.advance(3 * 60_000);
    await pageView(ctx, v, '/browse', { sessionId: id });
    await pageView(ctx, v, '/about', { sessionId: id });
    await flushTraffic(ctx);
    expect(await sessionRow(id)).toMatchObject({
      isActive: true,
      pageViews: 3,
      currentPath: '/about',
      lastActive: ctx.clock.now(),
      entryPath: '/',
    });

    ctx.clock.advance(4 * 60_000 + 59_999);
    expect((await end(v, id, '/how-it-works')).statusCode).toBe(204);
    await flushTraffic(ctx);
    expect(await sessionRow(id)).toMatchObject({
      isActive: false,
      endTime: ctx.clock.now(),
      duration: 7,
      exitPath: '/how-it-works',
      pageViews: 3,
      lastActive: ctx.clock.now() - (4 * 60_000 + 59_999),
    });
  });

  it('handles a whole visit inside one flush window, in order, and uses the current path as exit path', async () => {
    ctx.clock.set(at('2032-01-12T09:00:00Z'));
    const v = newVisitorId();
    const id = await startSession(ctx, v, '/');
    await pageView(ctx, v, '/', { sessionId: id });
    await pageView(ctx, v, '/rate-us', { sessionId: id });
    ctx.clock.advance(59_000);
    await end(v, id);
    await flushTraffic(ctx);
    expect(await sessionRow(id)).toMatchObject({
      isActive: false,
      pageViews: 2,
      currentPath: '/rate-us',
      exitPath: '/rate-us',
      duration: 0,
    });
  });

  it('resumes an ended session when the same tab navigates again (reload, back-forward cache)', async () => {
    ctx.clock.set(at('2032-01-13T09:00:00Z'));
    const v = newVisitorId();
    const id = await startSession(ctx, v, '/');
    await pageView(ctx, v, '/', { sessionId: id });
    await end(v, id, '/');
    await flushTraffic(ctx);
    ctx.clock.advance(10_000);
    await pageView(ctx, v, '/', { sessionId: id });
    await flushTraffic(ctx);
    expect(await sessionRow(id)).toMatchObject({
      isActive: true,
      pageViews: 2,
      endTime: null,
      duration: null,
      exitPath: null,
      lastActive: ctx.clock.now(),
    });
  });

  it('ignores events for a session that belongs to another visitor', async () => {
    ctx.clock.set(at('2032-01-14T09:00:00Z'));
    const v = newVisitorId();
    const id = await startSession(ctx, v, '/');
    await flushTraffic(ctx);
    const intruder = newVisitorId();
    await pageView(ctx, intruder, '/evil', { sessionId: id });
    expect((await end(intruder, id, '/evil')).statusCode).toBe(204);
    await flushTraffic(ctx);
    expect(await sessionRow(id)).toMatchObject({ isActive: true, pageViews: 0, currentPath: '/' });
  });

  it('keeps nothing that names a signed-in member: their browsing is counted, not tied to them (decision 033)', async () => {
    ctx.clock.set(at('2032-01-15T09:00:00Z'));
    const { user, session } = await userWithSession(ctx, 'seller');
    const v = newVisitorId();
    const anonymous = await startSession(ctx, v, '/');
    const signedIn = await startSession(ctx, v, '/', {}, { headers: { cookie: session.cookie } });
    await pageView(ctx, v, '/listing-management', { sessionId: anonymous }, { headers: { cookie: session.cookie } });
    await flushTraffic(ctx);
    expect((await sessionRow(anonymous)).pageViews).toBe(1);
    for (const id of [signedIn, anonymous]) expect(JSON.stringify(await sessionRow(id))).not.toContain(user.id);
  });
});

describe('GET /api/admin/traffic/active-users', () => {
  it('counts active sessions whose lastActive is within the last 5 minutes', async () => {
    ctx.clock.set(at('2032-02-01T12:00:00Z'));
    // Signed in after the clock moved, so the admin session is fresh.
    const admin = (await userWithSession(ctx, 'admin')).session;
    const base = await readActiveCount(ctx, admin.headers);
    const [a, b, c] = [newVisitorId(), newVisitorId(), newVisitorId()];
    const sa = await startSession(ctx, a, '/');
    const sb = await startSession(ctx, b, '/');
    const sc = await startSession(ctx, c, '/');
    expect(await readActiveCount(ctx, admin.headers)).toBe(base + 3);

    await end(c, sc);
    expect(await readActiveCount(ctx, admin.headers)).toBe(base + 2);

    ctx.clock.advance(2 * 60_000);
    await pageView(ctx, b, '/browse', { sessionId: sb });
    ctx.clock.advance(3 * 60_000);
    // a was last active exactly 5 minutes ago: still inside the window.
    expect(await readActiveCount(ctx, admin.headers)).toBe(base + 2);
    ctx.clock.advance(1);
    expect(await readActiveCount(ctx, admin.headers)).toBe(base + 1);
    ctx.clock.advance(2 * 60_000);
    expect(await readActiveCount(ctx, admin.headers)).toBe(base);
    expect(sa).not.toBe(sb);
  });

  it('is for admins only', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: TRAFFIC_ACTIVE_USERS_PATH })).statusCode).toBe(401);
    const { session } = await userWithSession(ctx, 'both');
    expect(
      (await ctx.app.inject({ method: 'GET', url: TRAFFIC_ACTIVE_USERS_PATH, headers: session.headers })).statusCode,
    ).toBe(403);
  });
});

describe('shutdown', () => {
  it('writes everything accepted before a clean stop', async () => {
    const app = await buildApp({
      db: ctx.handle,
      mailer: ctx.mailer,
      clock: ctx.clock,
      bus: ctx.bus,
      config: ctx.deps.config,
    });
    await app.ready();
    // Only the close may write this batch.
    trafficRecorderOf(app.deps).stopTimer();
    ctx.clock.set(at('2032-03-01T08:00:00Z'));
    const v = newVisitorId();
    const started = await app.inject({
      method: 'POST',
      url: '/api/traffic/events',
      payload: { type: 'session_start', visitorId: v, path: '/' },
      headers: { 'user-agent': FIREFOX_ANDROID },
    });
    const sessionId = started.json().sessionId;
    for (const path of ['/', '/browse', '/about']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/traffic/events',
        payload: { type: 'page_view', visitorId: v, sessionId, path },
        headers: { 'user-agent': FIREFOX_ANDROID },
      });
      expect(res.statusCode).toBe(204);
    }
    expect(await ctx.db.selectFrom('trafficDays').selectAll().where('day', '=', '2032-03-01').execute()).toEqual([]);
    expect(trafficRecorderOf(app.deps)).not.toBe(trafficRecorderOf(ctx.deps));
    await app.close();
    expect(
      await ctx.db.selectFrom('trafficDays').select('totalPageViews').where('day', '=', '2032-03-01').execute(),
    ).toEqual([{ totalPageViews: 3 }]);
    expect(await sessionRow(sessionId)).toMatchObject({ pageViews: 3, currentPath: '/about', isActive: true });
  });

  it('writes a flush of more tabs than one statement used to hold: every visitor, session and page view', async () => {
    ctx.clock.set(at('2032-01-12T08:00:00Z'));
    const recorder = trafficRecorderOf(ctx.deps);
    const visit = { userAgent: FIREFOX_ANDROID };
    const tabs = Array.from({ length: 1200 }, () => {
      const visitorId = newVisitorId();
      return { visitorId, id: recorder.startSession({ type: 'session_start', visitorId, path: '/' }, visit)! };
    });
    await flushTraffic(ctx);
    for (const tab of tabs) {
      const event = { type: 'page_view' as const, visitorId: tab.visitorId, sessionId: tab.id, path: '/browse' };
      expect(recorder.pageView(event, visit)).toBe(true);
    }
    await flushTraffic(ctx);
    const ids = tabs.map((t) => t.id);
    const rows = await ctx.db
      .selectFrom('trafficSessions')
      .select(['id', 'pageViews', 'currentPath', 'entryPath', 'device', 'isActive'])
      .where('id', 'in', ids)
      .execute();
    expect(rows).toHaveLength(1200);
    for (const row of rows)
      expect(row).toMatchObject({
        pageViews: 1,
        currentPath: '/browse',
        entryPath: '/',
        device: 'mobile',
        isActive: true,
      });
    const visitors = await ctx.db
      .selectFrom('trafficVisitors')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('day', '=', '2032-01-12')
      .where(
        'visitorId',
        'in',
        tabs.map((t) => t.visitorId),
      )
      .executeTakeFirstOrThrow();
    expect(Number(visitors.n)).toBe(1200);
  });
});

describe('a failed write', () => {
  it('keeps what it could not write, in order, and writes it with the next flush', async () => {
    ctx.clock.set(at('2032-04-01T08:00:00Z'));
    const v = newVisitorId();
    const id = await startSession(ctx, v, '/');
    await pageView(ctx, v, '/browse', { sessionId: id });
    await sql`alter table traffic_days rename to traffic_days_away`.execute(ctx.db);
    try {
      await flushTraffic(ctx);
    } finally {
      await sql`alter table traffic_days_away rename to traffic_days`.execute(ctx.db);
    }
    // The rows that could be written were, apart (decision 241); the day's total waits for the next flush.
    expect(await ctx.db.selectFrom('trafficDays').select('day').where('day', '=', '2032-04-01').execute()).toEqual([]);
    expect(await sessionRow(id)).toMatchObject({ pageViews: 1, isActive: true });
    // Events after the failure apply on top of the kept ones: the end follows the earlier view.
    await sendEvent(ctx, { type: 'session_end', visitorId: v, sessionId: id });
    await flushTraffic(ctx);
    expect(
      await ctx.db.selectFrom('trafficDays').select('totalPageViews').where('day', '=', '2032-04-01').execute(),
    ).toEqual([{ totalPageViews: 1 }]);
    expect(await sessionRow(id)).toMatchObject({ pageViews: 1, isActive: false, exitPath: '/browse' });
  });
});
