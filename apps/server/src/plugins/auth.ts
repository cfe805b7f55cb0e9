import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_HEADER, SESSION_COOKIE, cookieName } from '@accountry/shared/constants';
import { hasRequiredRole, type Role } from '@accountry/shared/roles';
import { AppError, forbidden, unauthorized } from '../lib/app-error';
import { ERROR_CODES } from '@accountry/shared/api-error';
import { ACCOUNT_MESSAGES } from '@accountry/shared/auth-messages';
import { SOCKET_CLOSE_REASONS } from '@accountry/shared/socket-protocol';
import type { AppDeps } from '../app';
import { resolveSession, setSessionCookies } from '../sessions/sessions.service';
import { addRouteHook, isApiPath } from './route-hooks';
import type { UsersTable } from '../db/schema';

export type AuthUser = Omit<UsersTable, 'passwordHash'>;

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    sessionId: string | null;
    sessionRemember: boolean;
    /** The cookie named a session that ended for inactivity. */
    sessionExpired: boolean;
    /** The socket hub's count of session ends before the session was read: a socket opened now checks it. */
    sessionEndMark: number;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Endpoints fed by navigator.sendBeacon, which cannot send headers (they act only on the visitor's own tracking data),
 * payment webhooks, which carry the provider's signature instead of a session, and the one-click unsubscribe a mail
 * app posts, whose link carries a keyed token (decision 216).
 */
const CSRF_EXEMPT = [/^\/api\/traffic\//, /^\/api\/payments\/[^/]+\/webhook$/, /^\/api\/email\/unsubscribe$/];

/** Resolve the session cookie on every API route; enforce CSRF for cookie-authenticated writes. */
export function registerAuth(app: FastifyInstance, deps: AppDeps) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('sessionRemember', false);
  app.decorateRequest('sessionExpired', false);
  app.decorateRequest('sessionEndMark', 0);

  const sessionCookie = cookieName(SESSION_COOKIE, deps.sessionSettings.secureCookies);
  const resolveUser = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = request.cookies[sessionCookie];
    if (!token) return;
    request.sessionEndMark = deps.hub.sessionEndMark;
    const now = deps.clock.now();
    const found = await resolveSession(deps.db.db, token, now, deps.sessionSettings, deps.sessionCache);
    if (found.state === 'expired') {
      request.sessionExpired = true;
      // Its sockets close now too, on every process, rather than at the next session check.
      await deps.hub.endSessions({ sessionIds: [found.id], reason: SOCKET_CLOSE_REASONS.sessionExpired });
    }
    if (found.state !== 'active') return;
    // The reply is this member's: no shared cache (a proxy, a CDN) may keep it for another. A route may set its own.
    reply.header('cache-control', 'private, no-store');
    if (found.touched && found.session.remember)
      setSessionCookies(
        reply,
        { token, csrfToken: found.session.csrfToken, remember: true },
        deps.sessionSettings,
        now,
      );
    // The session lookup never reads the password hash, so the cached (frozen) user is used as it is, not copied.
    request.user = found.session.user;
    request.sessionId = found.session.id;
    request.sessionRemember = found.session.remember;
    // The matched route decides (an encoded "/%61pi/..." is the same route).
    if (UNSAFE.has(request.method) && !CSRF_EXEMPT.some((re) => re.test(request.routeOptions.url!))) {
      if (request.headers[CSRF_HEADER] !== found.session.csrfToken) {
        throw new AppError(
          403,
          ERROR_CODES.csrf,
          'Your session could not be verified. Please reload the page and try again.',
        );
      }
    }
  };
  // Every API route, first among its hooks; other paths (health, static files) never read the session.
  app.addHook('onRoute', (route) => {
    if (isApiPath(route.url)) addRouteHook(route, 'onRequest', resolveUser);
  });
}

/**
 * The member the session cookie names, for a path outside the API that reads no session on its own (a screenshot
 * only some may see, decision 218): nothing is refused or sent here, an ended or missing session is no one.
 */
export async function sessionUserOf(deps: AppDeps, request: FastifyRequest): Promise<AuthUser | null> {
  const token = request.cookies[cookieName(SESSION_COOKIE, deps.sessionSettings.secureCookies)];
  if (!token) return null;
  const found = await resolveSession(deps.db.db, token, deps.clock.now(), deps.sessionSettings, deps.sessionCache);
  return found.state === 'active' ? found.session.user : null;
}

/** The signed-in user, or 401. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) {
    throw unauthorized(request.sessionExpired ? ACCOUNT_MESSAGES.timedOut : undefined);
  }
  return request.user;
}

/** The signed-in user holding one of the roles (admin passes every check), or 401/403. */
export function requireRole(request: FastifyRequest, roles: readonly Role[]): AuthUser {
  const user = requireUser(request);
  if (!hasRequiredRole(user.role, roles)) throw forbidden();
  return user;
}

export const requireAdmin = (request: FastifyRequest) => requireRole(request, ['admin']);
