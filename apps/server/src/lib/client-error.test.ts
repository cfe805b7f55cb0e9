import net from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { ManualClock } from './clock';
import { memoryBus, postgresBus } from '../realtime/bus';
import { CapturingMailer, createTestDatabase, testEnv } from '../test/test-app';
import { serverLogger } from './server-logger';

/**
 * Nothing secret reaches the log at any level LOG_LEVEL allows, trace included: a request Node's HTTP parser refuses
 * comes with its raw bytes (`rawPacket`), its cookies and body among them.
 */
const lines: string[] = [];

/** The app as main.ts builds it, with its logger writing to `lines`. */
async function loggedApp(level: string) {
  const handle = await createTestDatabase();
  const bus = handle.engine === 'postgres' ? await postgresBus(handle.url, handle.pgSchema) : memoryBus();
  const config = loadConfig({ ...testEnv(), LOG_LEVEL: level });
  const stream = new Writable({
    write(chunk, _enc, cb) {
      lines.push(String(chunk));
      cb();
    },
  });
  // No redaction: the app itself must keep the raw request out of what it logs.
  const logger = pino({ level }, stream);
  const app = await buildApp({
    db: handle,
    mailer: new CapturingMailer(),
    clock: new ManualClock(),
    bus,
    config,
    logger,
  });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await bus.close();
      await handle.close();
    },
  };
}

const SESSION = 'SessionTokenOfAMember0123456789abcdef';
/** Buffers are logged as {"type":"Buffer","data":[...]}: read back as text too. */
const decoded = (text: string) =>
  text.replace(/\{"type":"Buffer","data":\[([0-9,]*)\]\}/g, (_m, bytes: string) =>
    Buffer.from(bytes.split(',').filter(Boolean).map(Number)).toString('latin1'),
  );

describe('a request the HTTP parser refuses, logged at trace', () => {
  it('answers 400 and logs its code, never its cookie or body', async () => {
    const traced = await loggedApp('trace');
    try {
      await traced.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = traced.app.server.address() as net.AddressInfo;
      lines.length = 0;
      const raw =
        'POST /api/auth/signin HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        `Cookie: sid=${SESSION}; csrf_token=x\r\n` +
        'Content-Type: application/json\r\nContent-Length: 12x\r\n\r\n{"password":"Correct-Horse-42"}';
      const answer = await new Promise<string>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.write(raw));
        let got = '';
        socket.on('data', (d) => (got += String(d)));
        socket.on('close', () => resolve(got));
        socket.on('error', () => resolve(got));
      });
      expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      expect(answer).toContain('{"error":"Bad Request","message":"Client Error","statusCode":400}');
      const text = decoded(lines.join(''));
      expect(text).toContain('client error');
      expect(text).not.toContain(SESSION);
      expect(text).not.toContain('Correct-Horse-42');
    } finally {
      await traced.close();
    }
  });
});

describe("the server's logger", () => {
  it('leaves out a raw request, wherever an error carrying one is logged', () => {
    const out: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, cb) {
        out.push(String(chunk));
        cb();
      },
    });
    const logger = serverLogger('trace', stream);
    const err = Object.assign(new Error('Parse Error'), { rawPacket: Buffer.from(`Cookie: sid=${SESSION}`) });
    logger.error({ err }, 'failed');
    logger.warn({ cause: err }, 'failed');
    expect(out).toHaveLength(2);
    expect(decoded(out.join(''))).not.toContain(SESSION);
  });
});
