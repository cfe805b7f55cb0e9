import type { Role } from '@accountry/shared/roles';
import { SOCKET_CLOSE_REASONS } from '@accountry/shared/socket-protocol';

/**
 * Sessions that ended: by id (sign-out, inactivity), or all of a user's (sign-out everywhere, disable, delete, a
 * change of role), optionally keeping the one that asked (password change or reset).
 */
export interface SessionEnd {
  sessionIds?: string[];
  userId?: string;
  exceptSessionId?: string;
  reason: SessionEndReason;
}

/** Why a session end closes sockets; read back from the bus as itself, anything else as signed out. */
type SessionEndReason = (typeof SOCKET_CLOSE_REASONS)['signedOut' | 'sessionExpired' | 'sessionChanged'];
const REASONS = new Set<unknown>([
  SOCKET_CLOSE_REASONS.signedOut,
  SOCKET_CLOSE_REASONS.sessionExpired,
  SOCKET_CLOSE_REASONS.sessionChanged,
]);

/** Bus event telling every server process to close the sockets of ended sessions (and drop cached sessions). */
export const SESSION_ENDED = 'session.ended';

export function endsSession(end: SessionEnd, sessionId: string | null, userId: string) {
  if (sessionId && end.sessionIds?.includes(sessionId)) return true;
  return end.userId === userId && (!end.exceptSessionId || end.exceptSessionId !== sessionId);
}

/** A bus payload read back as a SessionEnd, or null when it is not one. */
export function readSessionEnd(data: unknown): (SessionEnd & { origin?: string }) | null {
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  const ids = Array.isArray(d.sessionIds) ? d.sessionIds.filter((v): v is string => typeof v === 'string') : undefined;
  const userId = typeof d.userId === 'string' ? d.userId : undefined;
  if (!ids?.length && !userId) return null;
  return {
    sessionIds: ids,
    userId,
    exceptSessionId: typeof d.exceptSessionId === 'string' ? d.exceptSessionId : undefined,
    reason: REASONS.has(d.reason) ? (d.reason as SessionEndReason) : SOCKET_CLOSE_REASONS.signedOut,
    origin: typeof d.origin === 'string' ? d.origin : undefined,
  };
}

/** How many applied session ends a process remembers for sockets still being opened (each is a few ids). */
const REMEMBERED_ENDS = 1000;

/**
 * The session ends this process applied, counted, so that a socket whose session was read before an end and
 * registered after it (its place taken meanwhile, an await) is closed too: the end found no socket to close then.
 */
export class RecentSessionEnds {
  private readonly ends: SessionEnd[] = [];
  private applied = 0;

  /** The number of ends applied so far: taken before a request reads its session. */
  get mark() {
    return this.applied;
  }

  record(end: SessionEnd) {
    this.ends.push(end);
    if (this.ends.length > REMEMBERED_ENDS) this.ends.shift();
    this.applied += 1;
  }

  /** The reason an end applied since `mark` ended this session, or null; too many since to tell counts as ended. */
  endedSince(mark: number, sessionId: string | null, userId: string): SessionEnd['reason'] | null {
    const since = this.applied - mark;
    if (since <= 0) return null;
    if (since > this.ends.length) return SOCKET_CLOSE_REASONS.signedOut;
    return this.ends.slice(-since).find((end) => endsSession(end, sessionId, userId))?.reason ?? null;
  }
}

/** A session as the store has it now; a session missing from the store ended some other way. */
export interface StoredSessionState {
  state: 'active' | 'expired';
  role: Role;
}

/**
 * What a check of the sockets' sessions found: the sessions that expired (to end for every process), the sessions gone
 * from the store, and those whose role changed without its event reaching here (the socket's user, and what it may
 * receive, is out of date): the last two only this process's sockets need to drop.
 */
export function checkedSessionEnds(
  sessionIds: string[],
  sockets: Iterable<{ sessionId: string | null; user: { role: Role } }>,
  states: Map<string, StoredSessionState>,
) {
  const expired = sessionIds.filter((id) => states.get(id)?.state === 'expired');
  const gone = sessionIds.filter((id) => !states.has(id));
  const changed = new Set<string>();
  for (const { sessionId, user } of sockets) {
    const now = sessionId ? states.get(sessionId) : undefined;
    if (now && now.role !== user.role) changed.add(sessionId!);
  }
  return { expired, gone, changed: [...changed] };
}
