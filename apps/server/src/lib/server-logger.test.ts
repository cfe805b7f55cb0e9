import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { requestLoggerFactory, serverLogger } from './server-logger';

/** The server's logger at `level`, writing its lines here, and how many children pino was asked for. */
function capture(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l) as Record<string, unknown>);
      cb();
    },
  });
  const logger = serverLogger(level, stream);
  const made = { children: 0 };
  // pino's children inherit the root's methods: counted for any logger it is called on, as that logger.
  const child = logger.child;
  logger.child = function (this: typeof logger, ...args: Parameters<typeof child>) {
    made.children += 1;
    return child.apply(this, args);
  } as typeof logger.child;
  return { logger, lines, made };
}

describe('requestLoggerFactory', () => {
  it('writes with the request id and the redaction of the server logger, making the child on the first line', () => {
    const { logger, lines, made } = capture('info');
    const log = requestLoggerFactory(logger, { reqId: 'req-1' }, {});
    expect(made.children).toBe(0);
    log.warn({ req: { headers: { cookie: 'sid=secret', host: 'example' } } }, 'refused');
    log.info('second');
    expect(made.children).toBe(1);
    expect(lines).toMatchObject([
      { level: 40, reqId: 'req-1', msg: 'refused', req: { headers: { cookie: '[Redacted]', host: 'example' } } },
      { level: 30, reqId: 'req-1', msg: 'second' },
    ]);
    expect(JSON.stringify(lines)).not.toContain('secret');
  });

  it('makes no child for lines below the level, and writes them once the level allows', () => {
    const { logger, lines, made } = capture('info');
    const log = requestLoggerFactory(logger, { reqId: 'req-2' }, {});
    log.debug('not written');
    log.trace('not written');
    expect([made.children, lines.length, log.level]).toEqual([0, 0, 'info']);
    log.level = 'debug';
    log.debug('written');
    expect(lines).toMatchObject([{ level: 20, reqId: 'req-2', msg: 'written' }]);
    expect(logger.level).toBe('info');
  });

  it("gives a route's own level its child at once, and a child of a request's logger both bindings", () => {
    const { logger, lines } = capture('info');
    const quiet = requestLoggerFactory(logger, { reqId: 'req-3' }, { level: 'error' });
    quiet.warn('not written');
    quiet.error('written');
    requestLoggerFactory(logger, { reqId: 'req-4' }, {}).child({ step: 'upload' }).info('nested');
    expect(lines).toMatchObject([
      { level: 50, reqId: 'req-3', msg: 'written' },
      { level: 30, reqId: 'req-4', step: 'upload', msg: 'nested' },
    ]);
  });

  it("is the logger Fastify hands a route: request.log writes the request's id", async () => {
    const { logger, lines } = capture('info');
    const app = Fastify({
      loggerInstance: logger,
      childLoggerFactory: requestLoggerFactory,
      disableRequestLogging: true,
    });
    app.get('/quiet', async () => 'ok');
    app.get('/loud', async (request) => {
      request.log.warn({ route: '/loud' }, 'noted');
      return 'ok';
    });
    await app.inject('/quiet');
    expect(lines).toEqual([]);
    const res = await app.inject('/loud');
    expect(res.statusCode).toBe(200);
    expect(lines).toMatchObject([{ level: 40, route: '/loud', msg: 'noted', reqId: expect.any(String) }]);
    await app.close();
  });
});
