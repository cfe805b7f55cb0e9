import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { postgresBus, type Bus } from '../../realtime/bus';
import { CapturingMailer, createTestApp, userWithSession, type TestContext } from '../../test/test-app';

/**
 * A second server instance on the same database stands for another process: on PostgreSQL it has its own
 * LISTEN/NOTIFY connection, on SQLite (one process in production) it shares the in-process bus.
 */
let ctx: TestContext;
let other: FastifyInstance;
let otherBus: Bus | null = null;

beforeAll(async () => {
  ctx = await createTestApp();
  const bus =
    ctx.handle.engine === 'postgres' ? (otherBus = await postgresBus(ctx.handle.url, ctx.handle.pgSchema)) : ctx.bus;
  const config = loadConfig({ NODE_ENV: 'test', WEB_DIST: path.join(os.tmpdir(), 'accountry-no-web') });
  other = await buildApp({ db: ctx.handle, mailer: new CapturingMailer(), clock: ctx.clock, bus, config });
  await other.ready();
});
afterAll(async () => {
  await other.close();
  await otherBus?.close();
  await ctx.close();
});

async function openSocket(app: FastifyInstance, cookie: string) {
  let hello!: Promise<unknown>;
  const socket = await app.injectWS(
    '/api/ws',
    { headers: { cookie } },
    { onInit: (ws) => (hello = new Promise((resolve) => ws.once('message', resolve))) },
  );
  await hello;
  return { socket, closed: new Promise<number>((resolve) => socket.once('close', (code) => resolve(code))) };
}

describe("ending a user's sockets on every server process", () => {
  it.each(['disable', 'delete'] as const)('%s closes the sockets the user holds on another process', async (action) => {
    const { session: adminSession } = await userWithSession(ctx, 'admin');
    const { user, session } = await userWithSession(ctx, 'seller');
    const here = await openSocket(ctx.app, session.cookie);
    const there = await openSocket(other, session.cookie);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.id}/${action}`,
      headers: adminSession.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(await here.closed).toBe(4001);
    expect(await there.closed).toBe(4001);
  });

  it("closes a demoted admin's sockets, which carried admin-only pushes", async () => {
    const { session: adminSession } = await userWithSession(ctx, 'admin');
    const { user, session } = await userWithSession(ctx, 'admin');
    const there = await openSocket(other, session.cookie);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${user.id}/role`,
      headers: adminSession.headers,
      payload: { role: 'seller' },
    });
    expect(res.statusCode).toBe(200);
    expect(await there.closed).toBe(4001);
  });
});
