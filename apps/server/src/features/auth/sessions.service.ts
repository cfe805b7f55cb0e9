import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { CSRF_COOKIE, INACTIVITY_TIMEOUT_MS, REMEMBER_ME_TIMEOUT_MS, SESSION_COOKIE } from '@accountry/shared/constants';
import type { Database } from '../../db/database';
import { newToken } from '../../lib/ids';
import { deleteSession, deleteUserSessions, findSessionWithUser, insertSession, touchSession, type SessionWithUser } from './sessions.repository';

export interface SessionSettings {
  sessionTimeoutMs?: number;
  rememberTimeoutMs?: number;
  secureCookies: boolean;
}

/** Only the hash of the cookie token is stored. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export function timeoutFor(remember: boolean, s: SessionSettings) {
  return remember ? (s.rememberTimeoutMs ?? REMEMBER_ME_TIMEOUT_MS) : (s.sessionTimeoutMs ?? INACTIVITY_TIMEOUT_MS);
}

export type SessionLookup =
  | { state: 'none' }
  | { state: 'expired' }
  | { state: 'active'; session: SessionWithUser };

/** Resolve a cookie token: refuse and delete sessions past their inactivity timeout or of disabled/deleted users. */
export async function resolveSession(db: Database, token: string, now: number, s: SessionSettings): Promise<SessionLookup> {
  const id = hashToken(token);
  const session = await findSessionWithUser(db, id);
  if (!session) return { state: 'none' };
  const timeout = timeoutFor(session.remember, s);
  if (now - session.lastActive > timeout) {
    await deleteSession(db, id);
    return { state: 'expired' };
  }
  if (session.user.disabled || session.deletedStatus === 'unresolved') {
    await deleteUserSessions(db, session.userId);
    return { state: 'none' };
  }
  // Write lastActive at most every 30 s (sooner for shortened timeouts): activity tracking without a write per request.
  if (now - session.lastActive > Math.min(30_000, timeout / 4)) {
    await touchSession(db, id, session.userId, now);
    session.lastActive = now;
  }
  return { state: 'active', session };
}

export function cookieOptions(remember: boolean, s: SessionSettings, now: number) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: s.secureCookies,
    // Remember me: a persistent cookie; otherwise it ends with the browser session.
    ...(remember ? { expires: new Date(now + timeoutFor(true, s)) } : {}),
  };
}

export async function startSession(
  db: Database,
  reply: FastifyReply,
  input: { userId: string; remember: boolean; userAgent: string; ip: string; now: number },
  s: SessionSettings,
) {
  const token = newToken();
  const csrfToken = newToken(18);
  await insertSession(db, {
    id: hashToken(token), userId: input.userId, remember: input.remember, csrfToken, createdAt: input.now,
    lastActive: input.now, userAgent: input.userAgent.slice(0, 300), ip: input.ip,
  });
  await db.updateTable('users').set({ lastActive: input.now }).where('id', '=', input.userId).execute();
  const opts = cookieOptions(input.remember, s, input.now);
  reply.setCookie(SESSION_COOKIE, token, opts);
  reply.setCookie(CSRF_COOKIE, csrfToken, { ...opts, httpOnly: false });
  return { token, csrfToken };
}

export function clearSessionCookies(reply: FastifyReply, s: SessionSettings) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: s.secureCookies });
  reply.clearCookie(CSRF_COOKIE, { path: '/', sameSite: 'lax', secure: s.secureCookies });
}
