import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { IP_EVENTS_PER_MINUTE, IP_NEW_VISITORS_PER_MINUTE } from './traffic-limiter';
import { at, flushTraffic, newVisitorId, sendEvent } from './traffic-test-helpers';
import { trafficRecorderOf } from './traffic.routes';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  trafficRecorderOf(ctx.deps).stopTimer();
});
afterAll(() => ctx.close());

const send = (visitorId: string, remoteAddress: string) =>
  sendEvent(ctx, { type: 'page_view', visitorId, path: '/' }, { remoteAddress }).then((r) => r.statusCode);

async function visitorsOn(day: string) {
  const row = await ctx.db
    .selectFrom('trafficVisitors')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('day', '=', day)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('new visitors per address', () => {
  it(`lets one address add no more than ${IP_NEW_VISITORS_PER_MINUTE} unique visitors a minute`, async () => {
    ctx.clock.set(at('2031-06-01T10:00:00Z'));
    // Each made-up id sent twice: the second event of a refused id must not pass as a returning visitor's. Four times
    // the allowance shows the hole (all were added) and stays well under the address's events.
    const ids = 4 * IP_NEW_VISITORS_PER_MINUTE;
    expect(2 * ids).toBeLessThan(IP_EVENTS_PER_MINUTE);
    const answers: number[] = [];
    for (let i = 0; i < ids; i++) {
      const id = newVisitorId();
      answers.push(await send(id, '203.0.113.50'), await send(id, '203.0.113.50'));
    }
    await flushTraffic(ctx);
    expect(await visitorsOn('2031-06-01')).toBeLessThanOrEqual(IP_NEW_VISITORS_PER_MINUTE);
    expect(answers.filter((s) => s === 204)).toHaveLength(2 * IP_NEW_VISITORS_PER_MINUTE);
  });

  it('keeps admitting a visitor it admitted, and keeps refusing one it refused, until the window turns', async () => {
    ctx.clock.set(at('2031-06-02T10:00:00Z'));
    const address = '203.0.113.51';
    const admitted = Array.from({ length: IP_NEW_VISITORS_PER_MINUTE }, () => newVisitorId());
    for (const id of admitted) expect(await send(id, address)).toBe(204);
    const refused = newVisitorId();
    for (let i = 0; i < 3; i++) expect(await send(refused, address)).toBe(429);
    // Nor do two events of a fresh id sent at once (on PostgreSQL they share one claim of the id's count).
    const raced = newVisitorId();
    expect(await Promise.all([send(raced, address), send(raced, address)])).toEqual([429, 429]);
    // The allowance is spent, yet every admitted visitor's later events still count.
    for (const id of admitted) expect(await send(id, address)).toBe(204);
    await flushTraffic(ctx);
    expect(await visitorsOn('2031-06-02')).toBe(IP_NEW_VISITORS_PER_MINUTE);

    // In the next window the refused id is new again and takes the fresh allowance.
    ctx.clock.set(at('2031-06-02T10:01:00Z'));
    expect(await send(refused, address)).toBe(204);
    expect(await send(refused, address)).toBe(204);
    await flushTraffic(ctx);
    expect(await visitorsOn('2031-06-02')).toBe(IP_NEW_VISITORS_PER_MINUTE + 1);
  });
});
