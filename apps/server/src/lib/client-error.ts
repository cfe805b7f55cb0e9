import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';

type ClientError = Error & { code?: string };

/**
 * What a request Node's HTTP parser refused gets, as Fastify's own handler answers it, but logged by its code alone:
 * the error Node hands over carries the raw request (`rawPacket`), its cookies and body included.
 */
export function answerClientError(log: FastifyBaseLogger, err: ClientError, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, label, message] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'timeout', 'Client Timeout']
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'header_overflow', 'Exceeded maximum allowed HTTP header size']
        : [400, 'error', 'Client Error'];
  log.trace({ code: err.code }, `client ${label}`);
  const body = JSON.stringify({ error: STATUS_CODES[status], message, statusCode: status });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${body.length}\r\n` +
        `Content-Type: application/json\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
