import type { FastifyBaseLogger } from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions, type DestinationStream, type Logger } from 'pino';

/** What no log line may hold: session cookies, credentials in a header, cookies set, a refused request's raw bytes. */
export const LOG_REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'err.rawPacket',
  '*.rawPacket',
];

/** The server's logger at `level`, to stdout unless given a stream. */
export const serverLogger = (level: string, stream?: DestinationStream) =>
  stream ? pino({ level, redact: LOG_REDACT }, stream) : pino({ level, redact: LOG_REDACT });

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogArgs = Parameters<FastifyBaseLogger['info']>;

/**
 * A request's logger, made on the first line it writes at an enabled level. Fastify makes one for every request, and
 * pino's child redacts and serialises its bindings on creation (~3 µs, a tenth of a trivial request), while nearly
 * every request logs nothing (plugins/request-log.ts).
 */
class LazyChildLogger implements FastifyBaseLogger {
  #made: FastifyBaseLogger | undefined;
  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get made() {
    return (this.#made ??= this.parent.child(this.bindings, this.options));
  }
  private write(level: Level, args: LogArgs) {
    if (this.#made || this.parent.isLevelEnabled(level)) (this.made[level] as (...a: LogArgs) => void)(...args);
  }

  get level() {
    return this.#made?.level ?? this.parent.level;
  }
  set level(level: string) {
    this.made.level = level;
  }
  fatal(...args: LogArgs) {
    this.write('fatal', args);
  }
  error(...args: LogArgs) {
    this.write('error', args);
  }
  warn(...args: LogArgs) {
    this.write('warn', args);
  }
  info(...args: LogArgs) {
    this.write('info', args);
  }
  debug(...args: LogArgs) {
    this.write('debug', args);
  }
  trace(...args: LogArgs) {
    this.write('trace', args);
  }
  silent() {}
  child(bindings: Bindings, options?: ChildLoggerOptions) {
    return this.made.child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory` for the server's pino logger: a request's logger is made when it first logs. A route
 * with a log level of its own gets its child at once (the level decides what is written).
 */
export function requestLoggerFactory(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
  const parent = logger as Logger;
  if (options.level !== undefined || typeof parent.isLevelEnabled !== 'function')
    return logger.child(bindings, options);
  return new LazyChildLogger(parent, bindings, options);
}
