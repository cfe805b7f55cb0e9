import type { FastifyRequest } from 'fastify';

/** 127.0.0.0/8, ::1 and their IPv4-mapped forms. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/** A caller on this machine: the socket and the client address are loopback, and no proxy relayed the request. */
export function isLocalRequest(request: FastifyRequest): boolean {
  if (request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined) return false;
  return isLoopbackAddress(request.socket.remoteAddress) && isLoopbackAddress(request.ip);
}

const LOOPBACK_HOST = /^(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/i;

/**
 * A Host header naming this machine (any port: the web dev server's proxy passes its own on). A page of another site
 * whose name was re-pointed at 127.0.0.1 (DNS rebinding) reaches loopback, but its requests still carry its own name.
 */
export const isLoopbackHost = (host: string | undefined) => host !== undefined && LOOPBACK_HOST.test(host);
