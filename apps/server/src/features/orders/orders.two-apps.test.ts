import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase, type DatabaseHandle } from '../../db/database';
import { memoryBus } from '../../realtime/bus';
import { CapturingMailer, TEST_CREDENTIALS_KEY, createTestApp, type TestContext } from '../../test/test-app';
import { ordersContext } from './orders-context';
import { sweepOrders } from './order-sweep';
import { arrangeDeal, expectLedgerHealthy, orderUpTo } from './orders-test-helpers';

/**
 * Two apps, each with its own connection pool, on one database sweep the same due orders at the same moment:
 * every transition is applied once (one history row, one ledger transaction per order).
 */
let ctx: TestContext;
let second: { app: FastifyInstance; handle: DatabaseHandle };
beforeAll(async () => {
  ctx = await createTestApp();
  const handle =
    ctx.handle.engine === 'postgres'
      ? openDatabase(ctx.handle.url, { pgSchema: ctx.handle.pgSchema, poolSize: 5 })
      : ctx.handle;
  const config = loadConfig({
    NODE_ENV: 'test',
    WEB_DIST: path.join(os.tmpdir(), 'accountry-no-web'),
    CREDENTIALS_KEY: TEST_CREDENTIALS_KEY,
    ORDER_SWEEP_INTERVAL_MS: '0',
  });
  const app = await buildApp({ db: handle, mailer: new CapturingMailer(), clock: ctx.clock, bus: memoryBus(), config });
  await app.ready();
  second = { app, handle };
});
afterEach(() => expectLedgerHealthy(ctx));
afterAll(async () => {
  await second.app.close();
  if (second.handle !== ctx.handle) await second.handle.close();
  await ctx.close();
});

describe('two server processes sweeping one database', () => {
  it('apply each due transition once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const deal = await arrangeDeal(ctx, { protectionDays: 0 });
      ids.push(await orderUpTo(ctx, deal, i % 2 === 0 ? 'protection' : 'delivered'));
    }
    ctx.clock.advance(73 * 3_600_000);
    const [a, b] = await Promise.all([
      sweepOrders(ordersContext(ctx.deps)),
      sweepOrders(ordersContext(second.app.deps)),
    ]);
    // Delivered orders auto-confirm (0-day protection then completes on the next sweep); protection ones complete.
    expect(a.moved + b.moved).toBeGreaterThanOrEqual(6);
    await Promise.all([sweepOrders(ordersContext(ctx.deps)), sweepOrders(ordersContext(second.app.deps))]);
    const orders = await ctx.db.selectFrom('orders').select(['id', 'status']).where('id', 'in', ids).execute();
    expect(orders.map((o) => o.status)).toEqual(ids.map(() => 'completed'));
    for (const id of ids) {
      const history = await ctx.db.selectFrom('orderHistory').select('toStatus').where('orderId', '=', id).execute();
      expect(history.filter((h) => h.toStatus === 'completed')).toHaveLength(1);
      const releases = await ctx.db
        .selectFrom('ledgerTransactions')
        .select('id')
        .where('orderId', '=', id)
        .where('kind', '=', 'order_release')
        .execute();
      expect(releases).toHaveLength(1);
    }
  });
});
