import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { badRequest } from '../lib/app-error';
import { addRouteHook } from './route-hooks';

export const NUL_MESSAGE = 'Text must not contain NUL characters.';
export const NESTING_MESSAGE = 'The request is nested too deeply.';
const MAX_DEPTH = 32;

/** The path of the first string (value or key) holding a NUL byte, '' for too deep, or null when clean. */
function findNul(value: unknown, path: string, depth: number): string | null {
  if (typeof value === 'string') return value.includes('\0') ? path || '_' : null;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  if (depth > MAX_DEPTH) return '';
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, child] of entries) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes('\0')) return at;
    const found = findNul(child, at, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

async function checkInput(request: FastifyRequest) {
  for (const part of [request.params, request.query, request.body]) {
    const found = findNul(part, '', 0);
    if (found === '') throw badRequest(NESTING_MESSAGE);
    if (found !== null) throw badRequest(NUL_MESSAGE, { [found]: NUL_MESSAGE });
  }
}

const BODILESS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A route whose handler can read input: a body, a declared query string or parameters, or parameters in its path. */
function takesInput(route: RouteOptions) {
  const schema = route.schema ?? {};
  const methods = [route.method].flat();
  return methods.some((m) => !BODILESS.has(m)) || !!schema.querystring || !!schema.params || /[:*]/.test(route.url);
}

/**
 * Rules every request obeys before its own schema runs: no NUL byte in any string of the query, parameters or
 * body (PostgreSQL text cannot hold one; no field needs one), and no absurd nesting. Checked on the routes that can
 * read input; a route with none ignores whatever a request appends.
 */
export function registerInputRules(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (takesInput(route)) addRouteHook(route, 'preValidation', checkInput);
  });
}
