import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeTrafficPath } from '@accountry/shared/traffic-detect';
import { createTestApp, type TestContext } from '../../test/test-app';
import { refuseWrites } from '../../test/refused-writes';
import { flushTraffic, newVisitorId, pageView } from './traffic-test-helpers';

/**
 * The traffic counters (traffic_days, traffic_hours, traffic_paths ...) are written by a periodic flush of what was
 * counted in memory. One row the database refuses (decision 241's failure: `refuseWrites`) must not keep every other
 * view out of the counters run after run.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const totalViews = async () =>
  Number(
    (
      await ctx.db
        .selectFrom('trafficDays')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('totalPageViews'), eb.lit(0)).as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const pathViews = async (pathKey: string) =>
  Number(
    (
      await ctx.db
        .selectFrom('trafficPaths')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('views'), eb.lit(0)).as('n'))
        .where('pathKey', '=', pathKey)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the traffic flush past a row it cannot write', () => {
  it('counts the other page views', async () => {
    await refuseWrites(ctx.handle, 'traffic_paths', 'path_key', sanitizeTrafficPath('/stuck'), ['insert', 'update']);
    await pageView(ctx, newVisitorId(), '/stuck');
    await flushTraffic(ctx);
    // Later runs: views of other pages arrive and are flushed.
    for (let run = 0; run < 3; run++) {
      await pageView(ctx, newVisitorId(), '/browse');
      await flushTraffic(ctx);
    }
    expect(await pathViews(sanitizeTrafficPath('/browse'))).toBe(3);
    expect(await pathViews(sanitizeTrafficPath('/stuck'))).toBe(0);
    expect(await totalViews()).toBeGreaterThanOrEqual(3);
  });
});
