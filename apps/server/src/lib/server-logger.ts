import pino, { type DestinationStream } from 'pino';

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
