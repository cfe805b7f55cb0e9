import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { DatabaseHandle } from '../db/database';
import { ManualClock } from '../lib/clock';
import { memoryBus } from '../realtime/bus';
import { CapturingMailer, createTestDatabase, TEST_CREDENTIALS_KEY } from '../test/test-app';

const lines: Array<Record<string, unknown>> = [];
let handle: DatabaseHandle;
let app: FastifyInstance;

beforeAll(async () => {
  handle = await createTestDatabase();
  const stream = new Writable({
    write(chunk, _enc, cb) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      cb();
    },
  });
  const logger = pino({ level: 'info' }, stream);
  const config = loadConfig({
    NODE_ENV: 'production',
    CREDENTIALS_KEY: TEST_CREDENTIALS_KEY,
    WEB_DIST: path.join(os.tmpdir(), 'accountry-no-web'),
  });
  app = await buildApp({
    db: handle,
    mailer: new CapturingMailer(),
    clock: new ManualClock(),
    bus: memoryBus(),
    config,
    logger,
  });
  app.get('/api/test-boom', async () => {
    throw new Error('kaboom');
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await handle.close();
});

it('logs nothing for a successful request in production', async () => {
  lines.length = 0;
  expect((await app.inject('/healthz')).statusCode).toBe(200);
  expect((await app.inject('/api/listings?limit=2')).statusCode).toBe(200);
  expect(lines).toEqual([]);
});

it('logs a refused request once, by route pattern, never the URL or its query string', async () => {
  lines.length = 0;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/password-reset/status?token=SECRET-TOKEN-123',
    payload: { token: 'SECRET-TOKEN-456' },
  });
  expect(res.statusCode).toBe(400);
  const detail = await app.inject('/api/listings/some-id-xyz?ref=nope');
  expect(detail.statusCode).toBeGreaterThanOrEqual(400);
  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatchObject({
    level: 40,
    msg: 'request refused',
    method: 'POST',
    route: '/api/auth/password-reset/status',
    status: 400,
  });
  expect(lines[1]).toMatchObject({ route: '/api/listings/:id', status: detail.statusCode });
  const text = JSON.stringify(lines);
  for (const secret of ['SECRET-TOKEN', 'some-id-xyz', 'ref=', '?']) expect(text).not.toContain(secret);
});

it('logs a failure once, with its error', async () => {
  lines.length = 0;
  expect((await app.inject('/api/test-boom?x=1')).statusCode).toBe(500);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({ level: 50, msg: 'request failed', route: '/api/test-boom', status: 500 });
  expect((lines[0].err as { message: string }).message).toBe('kaboom');
});
