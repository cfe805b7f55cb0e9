import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRAFFIC_MESSAGES } from '@accountry/shared/traffic';
import { trafficRecorderOf } from './traffic.routes';
import { NETWORK_ALLOWANCE } from '../../lib/rate-limits';
import { createTestApp, userWithSession, type TestContext } from '../../test/test-app';
import { IP_EVENTS_PER_MINUTE, IP_NEW_VISITORS_PER_MINUTE, VISITOR_EVENTS_PER_MINUTE } from './traffic-limiter';
import { MAX_PATHS_PER_DAY, OTHER_KEY } from './traffic-caps';
import {
  at,
  FIREFOX_ANDROID,
  flushTraffic,
  GOOGLEBOT,
  newVisitorId,
  pageView,
  SAFARI_IPAD,
  sendEvent,
} from './traffic-test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  // The tests decide when batches are written.
  trafficRecorderOf(ctx.deps).stopTimer();
});
afterAll(() => ctx.close());

const dayRows = (day: string) => ctx.db.selectFrom('trafficDays').selectAll().where('day', '=', day).execute();
const pathRows = (day: string) =>
  ctx.db.selectFrom('trafficPaths').selectAll().where('day', '=', day).orderBy('pathKey').execute();
const dimensionRows = (day: string) =>
  ctx.db
    .selectFrom('trafficDimensions')
    .select(['kind', 'value', 'views'])
    .where('day', '=', day)
    .orderBy('kind')
    .orderBy('value')
    .execute();
const visitorRows = (day: string) =>
  ctx.db.selectFrom('trafficVisitors').select('visitorId').where('day', '=', day).execute();

describe('POST /api/traffic/events: page views', () => {
  it('adds a page view to the day, its hour, path, device, browser, referrer and unique visitors', async () => {
    ctx.clock.set(at('2031-03-10T14:20:00Z'));
    const v = newVisitorId();
    await pageView(ctx, v, '/about', { referrer: 'https://www.google.com/search?q=accounts' });
    await pageView(ctx, v, '/account/u.1/l#2', {}, { userAgent: FIREFOX_ANDROID });
    await pageView(ctx, v, '/about', { referrer: '' }, { userAgent: SAFARI_IPAD });
    // Nothing is written per request: the counters land with the next flush.
    expect(await dayRows('2031-03-10')).toEqual([]);
    await flushTraffic(ctx);

    const [day] = await dayRows('2031-03-10');
    expect(day).toMatchObject({ totalPageViews: 3, createdAt: ctx.clock.now(), updatedAt: ctx.clock.now() });
    expect(
      await ctx.db.selectFrom('trafficHours').select(['hour', 'views']).where('day', '=', '2031-03-10').execute(),
    ).toEqual([{ hour: 14, views: 3 }]);
    expect(await pathRows('2031-03-10')).toEqual([
      { day: '2031-03-10', pathKey: '_about', rawPath: '/about', views: 2 },
      { day: '2031-03-10', pathKey: '_account_u_1_l_2', rawPath: '/account/u.1/l#2', views: 1 },
    ]);
    expect(await dimensionRows('2031-03-10')).toEqual([
      { kind: 'browser', value: 'Chrome', views: 1 },
      { kind: 'browser', value: 'Firefox', views: 1 },
      { kind: 'browser', value: 'Safari', views: 1 },
      { kind: 'device', value: 'desktop', views: 1 },
      { kind: 'device', value: 'mobile', views: 1 },
      { kind: 'device', value: 'tablet', views: 1 },
      { kind: 'referrer', value: 'direct', views: 2 },
      { kind: 'referrer', value: 'www.google.com', views: 1 },
    ]);
    expect(await visitorRows('2031-03-10')).toEqual([{ visitorId: v }]);
  });

  it('counts each visitor once a day, across flushes, and again on the next day', async () => {
    ctx.clock.set(at('2031-03-11T23:59:59.999Z'));
    const [a, b] = [newVisitorId(), newVisitorId()];
    await pageView(ctx, a, '/');
    await flushTraffic(ctx);
    await pageView(ctx, a, '/browse');
    await pageView(ctx, b, '/');
    await flushTraffic(ctx);
    ctx.clock.advance(1);
    await pageView(ctx, a, '/');
    await flushTraffic(ctx);
    expect((await visitorRows('2031-03-11')).map((r) => r.visitorId).sort()).toEqual([a, b].sort());
    expect(await visitorRows('2031-03-12')).toEqual([{ visitorId: a }]);
    expect((await dayRows('2031-03-11'))[0].totalPageViews).toBe(3);
    expect((await dayRows('2031-03-12'))[0].totalPageViews).toBe(1);
  });

  it('accepts a navigator.sendBeacon body sent as text/plain', async () => {
    ctx.clock.set(at('2031-03-13T08:00:00Z'));
    const res = await sendEvent(
      ctx,
      JSON.stringify({ type: 'page_view', visitorId: newVisitorId(), path: '/beacon' }),
      { contentType: 'text/plain;charset=UTF-8' },
    );
    expect(res.statusCode).toBe(204);
    // No body, so nothing describes one (a 204 sent as send(null) was typed as JSON, varied, then stripped).
    expect(res.body).toBe('');
    expect(res.headers).not.toHaveProperty('vary');
    expect(res.headers).not.toHaveProperty('content-type');
    await flushTraffic(ctx);
    expect((await pathRows('2031-03-13')).map((p) => p.rawPath)).toEqual(['/beacon']);
    const bad = await sendEvent(ctx, '{"type":', { contentType: 'text/plain' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('The request body is not valid JSON.');
  });

  it('takes signed-in visitors without a CSRF token (sendBeacon cannot send one)', async () => {
    const { session } = await userWithSession(ctx, 'buyer');
    const res = await sendEvent(
      ctx,
      { type: 'page_view', visitorId: newVisitorId(), path: '/profile' },
      { headers: { cookie: session.cookie } },
    );
    expect(res.statusCode).toBe(204);
  });

  it.each([
    [
      'an unknown event type',
      { type: 'click', visitorId: 'abcdefgh', path: '/' },
      'type',
      TRAFFIC_MESSAGES.unknownEvent,
    ],
    ['a missing event type', { visitorId: 'abcdefgh', path: '/' }, 'type', TRAFFIC_MESSAGES.unknownEvent],
    [
      'a path that is too long',
      { type: 'page_view', visitorId: 'abcdefgh', path: `/${'x'.repeat(300)}` },
      'path',
      TRAFFIC_MESSAGES.path,
    ],
    [
      'a path without a leading slash',
      { type: 'page_view', visitorId: 'abcdefgh', path: 'about' },
      'path',
      TRAFFIC_MESSAGES.path,
    ],
    ['a path with spaces', { type: 'page_view', visitorId: 'abcdefgh', path: '/a b' }, 'path', TRAFFIC_MESSAGES.path],
    [
      'a malformed visitor id',
      { type: 'page_view', visitorId: 'bad id!', path: '/' },
      'visitorId',
      TRAFFIC_MESSAGES.visitorId,
    ],
    [
      'a referrer that is too long',
      { type: 'page_view', visitorId: 'abcdefgh', path: '/', referrer: `https://x.com/${'q'.repeat(2100)}` },
      'referrer',
      TRAFFIC_MESSAGES.referrer,
    ],
    [
      'an unknown field',
      { type: 'page_view', visitorId: 'abcdefgh', path: '/', hits: 1000 },
      'hits',
      'Unknown field: hits',
    ],
    [
      'a session end without a session',
      { type: 'session_end', visitorId: 'abcdefgh' },
      'sessionId',
      TRAFFIC_MESSAGES.sessionId,
    ],
  ])('refuses %s with 400 and records nothing', async (_name, event, field, message) => {
    ctx.clock.set(at('2031-04-01T10:00:00Z'));
    const res = await sendEvent(ctx, event);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    await flushTraffic(ctx);
    expect(await dayRows('2031-04-01')).toEqual([]);
  });

  it('refuses a body over 4 kB with 413', async () => {
    const res = await sendEvent(ctx, {
      type: 'page_view',
      visitorId: 'abcdefgh',
      path: '/',
      referrer: 'x'.repeat(5000),
    });
    expect(res.statusCode).toBe(413);
  });

  it('does not count obvious bots, without telling them', async () => {
    ctx.clock.set(at('2031-04-02T10:00:00Z'));
    const v = newVisitorId();
    expect(
      (await sendEvent(ctx, { type: 'page_view', visitorId: v, path: '/' }, { userAgent: GOOGLEBOT })).statusCode,
    ).toBe(204);
    expect((await sendEvent(ctx, { type: 'page_view', visitorId: v, path: '/' }, { userAgent: '' })).statusCode).toBe(
      204,
    );
    const start = await sendEvent(ctx, { type: 'session_start', visitorId: v, path: '/' }, { userAgent: 'curl/8.5.0' });
    expect(start.statusCode).toBe(200);
    expect(start.json()).toEqual({ sessionId: null });
    await flushTraffic(ctx);
    expect(await dayRows('2031-04-02')).toEqual([]);
    expect(await ctx.db.selectFrom('trafficSessions').select('id').where('visitorId', '=', v).execute()).toEqual([]);
  });
});

describe('limits', () => {
  it(`rate-limits each visitor to ${VISITOR_EVENTS_PER_MINUTE} events a minute`, async () => {
    ctx.clock.set(at('2031-05-01T10:00:00Z'));
    const [busy, other] = [newVisitorId(), newVisitorId()];
    for (let i = 0; i < VISITOR_EVENTS_PER_MINUTE; i++) await pageView(ctx, busy, '/browse');
    const limited = await sendEvent(ctx, { type: 'page_view', visitorId: busy, path: '/browse' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('TOO_MANY_REQUESTS');
    await pageView(ctx, other, '/browse');
    ctx.clock.advance(60_000);
    await pageView(ctx, busy, '/browse');
    await flushTraffic(ctx);
    expect((await dayRows('2031-05-01'))[0].totalPageViews).toBe(VISITOR_EVENTS_PER_MINUTE + 2);
  });

  it(`rate-limits a network address to ${IP_EVENTS_PER_MINUTE} events a minute, however many visitor ids it uses`, async () => {
    ctx.clock.set(at('2031-05-02T10:00:00Z'));
    const remoteAddress = '203.0.113.7';
    const visitors = Array.from({ length: IP_NEW_VISITORS_PER_MINUTE }, () => newVisitorId());
    let accepted = 0;
    for (let i = 0; i <= IP_EVENTS_PER_MINUTE; i++) {
      const visitorId = visitors[i % visitors.length];
      const res = await sendEvent(ctx, { type: 'page_view', visitorId, path: '/' }, { remoteAddress });
      if (res.statusCode === 204) accepted++;
      else expect(res.statusCode).toBe(429);
    }
    expect(accepted).toBe(IP_EVENTS_PER_MINUTE);
    const elsewhere = await sendEvent(
      ctx,
      { type: 'page_view', visitorId: newVisitorId(), path: '/' },
      { remoteAddress: '198.51.100.4' },
    );
    expect(elsewhere.statusCode).toBe(204);
  });

  it('does not count the visitor id of an event that its address refuses', async () => {
    ctx.clock.set(at('2031-04-29T10:00:00Z'));
    const event = (visitorId: string, remoteAddress: string) =>
      sendEvent(ctx, { type: 'page_view', visitorId, path: '/' }, { remoteAddress }).then((r) => r.statusCode);
    // One address spends its events on its 30 new visitor ids; an event under a fresh id is then refused.
    const visitors = Array.from({ length: IP_NEW_VISITORS_PER_MINUTE }, () => newVisitorId());
    for (let i = 0; i < IP_EVENTS_PER_MINUTE; i++) await event(visitors[i % visitors.length], '203.0.113.20');
    const fresh = newVisitorId();
    expect(await event(fresh, '203.0.113.20')).toBe(429);
    // The id is still new where it comes next: it takes the last of that address's new-visitor allowance.
    for (let i = 1; i < IP_NEW_VISITORS_PER_MINUTE; i++) expect(await event(newVisitorId(), '203.0.113.21')).toBe(204);
    expect(await event(fresh, '203.0.113.21')).toBe(204);
    expect(await event(newVisitorId(), '203.0.113.21')).toBe(429);
  });

  it(`lets one address introduce ${IP_NEW_VISITORS_PER_MINUTE} new visitor ids a minute, loopback included`, async () => {
    ctx.clock.set(at('2031-05-04T10:00:00Z'));
    for (const remoteAddress of ['203.0.113.8', '127.0.0.1']) {
      let accepted = 0;
      for (let i = 0; i < IP_NEW_VISITORS_PER_MINUTE + 10; i++) {
        const res = await sendEvent(
          ctx,
          { type: 'page_view', visitorId: newVisitorId(), path: '/' },
          { remoteAddress },
        );
        if (res.statusCode === 204) accepted++;
        else expect(res.statusCode).toBe(429);
      }
      expect(accepted, remoteAddress).toBe(IP_NEW_VISITORS_PER_MINUTE);
    }
    ctx.clock.advance(60_000);
    const later = await sendEvent(
      ctx,
      { type: 'page_view', visitorId: newVisitorId(), path: '/' },
      { remoteAddress: '127.0.0.1' },
    );
    expect(later.statusCode).toBe(204);
  });

  it('counts every address of one IPv6 /64, and an IPv4 address in either form, as one address', async () => {
    ctx.clock.set(at('2031-05-05T10:00:00Z'));
    for (const addressOf of [
      (i: number) => `2001:db8:7:1::${(i + 1).toString(16)}`,
      (i: number) => (i % 2 ? '203.0.113.9' : '::ffff:203.0.113.9'),
    ]) {
      let accepted = 0;
      for (let i = 0; i < IP_NEW_VISITORS_PER_MINUTE + 10; i++) {
        const res = await sendEvent(
          ctx,
          { type: 'page_view', visitorId: newVisitorId(), path: '/' },
          { remoteAddress: addressOf(i) },
        );
        if (res.statusCode === 204) accepted++;
        else expect(res.statusCode).toBe(429);
      }
      expect(accepted, addressOf(0)).toBe(IP_NEW_VISITORS_PER_MINUTE);
    }
    const nextNetwork = await sendEvent(
      ctx,
      { type: 'page_view', visitorId: newVisitorId(), path: '/' },
      { remoteAddress: '2001:db8:7:2::1' },
    );
    expect(nextNetwork.statusCode).toBe(204);
  });

  it(`lets one IPv6 /48 introduce ${NETWORK_ALLOWANCE} times an address's new visitors, however many /64s`, async () => {
    ctx.clock.set(at('2031-04-30T10:00:00Z'));
    const allowance = NETWORK_ALLOWANCE * IP_NEW_VISITORS_PER_MINUTE;
    let accepted = 0;
    for (let i = 0; i < allowance + 10; i++) {
      const res = await sendEvent(
        ctx,
        { type: 'page_view', visitorId: newVisitorId(), path: '/' },
        { remoteAddress: `2001:db8:8:${i.toString(16)}::1` },
      );
      if (res.statusCode === 204) accepted++;
      else expect(res.statusCode).toBe(429);
    }
    expect(accepted).toBe(allowance);
    const neighbour = await sendEvent(
      ctx,
      { type: 'page_view', visitorId: newVisitorId(), path: '/' },
      { remoteAddress: '2001:db8:9:1::1' },
    );
    expect(neighbour.statusCode).toBe(204);
  });

  it(`keeps at most ${MAX_PATHS_PER_DAY} distinct paths a day and counts the rest under ${OTHER_KEY}`, async () => {
    ctx.clock.set(at('2031-05-03T10:00:00Z'));
    let visitor = newVisitorId();
    for (let i = 0; i < MAX_PATHS_PER_DAY + 5; i++) {
      if (i % VISITOR_EVENTS_PER_MINUTE === 0) visitor = newVisitorId();
      await pageView(ctx, visitor, `/junk/${i}`);
      if (i === 100) await flushTraffic(ctx);
    }
    await pageView(ctx, visitor, '/junk/3');
    await flushTraffic(ctx);
    const rows = await pathRows('2031-05-03');
    expect(rows).toHaveLength(MAX_PATHS_PER_DAY + 1);
    expect(rows.find((r) => r.pathKey === OTHER_KEY)).toMatchObject({ rawPath: OTHER_KEY, views: 5 });
    expect(rows.find((r) => r.pathKey === '_junk_3')?.views).toBe(2);
    expect((await dayRows('2031-05-03'))[0].totalPageViews).toBe(MAX_PATHS_PER_DAY + 6);
  });
});
