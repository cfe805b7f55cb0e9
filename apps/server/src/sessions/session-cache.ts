import type { Bus } from '../realtime/bus';
import type { SessionWithUser } from './sessions.repository';

/** How long a resolved session is answered from memory before the database is asked again. */
export const SESSION_CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;
/** Bus event telling every server process to forget sessions; its audience is empty, so no browser receives it. */
const FORGET_EVENT = 'auth.sessions-changed';

/** Which cached sessions to forget: one session (by its stored id, the token hash), or every session of a user. */
export type SessionTarget = { sessionId: string } | { userId: string };

/**
 * Resolved sessions (with their user) for a few seconds, so a signed-in request does not join three tables; never an
 * admin's. Anything that ends a session or changes a user calls `invalidateSessions`, which forgets here at once and
 * on every other process through the bus. A lookup that started before a forget never stores its (maybe stale) result.
 * Keyed by the cookie's token, so a request answered from here hashes nothing (decision 252): only the database must
 * not hold tokens, and this memory holds them no longer than the sessions they open last.
 */
export class SessionCache {
  /** By cookie token; each session knows its stored id (the token's hash), by which a forget names it. */
  private readonly entries = new Map<string, { session: SessionWithUser; until: number }>();
  private generation = 0;

  constructor(
    private readonly now: () => number,
    private readonly ttlMs = SESSION_CACHE_MS,
  ) {}

  get(token: string): SessionWithUser | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (this.now() >= entry.until) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.session;
  }

  /** Call before reading the database; pass the result to `set`. */
  begin() {
    return this.generation;
  }

  set(token: string, session: SessionWithUser, generation: number) {
    if (generation !== this.generation || this.ttlMs <= 0) return;
    // An admin's rights end on every process with the change that takes them: the forget crossing the bus may come
    // after their next request, which could still move money. Their few requests read the database each time.
    if (session.user.role === 'admin') return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(token, { session, until: this.now() + this.ttlMs });
  }

  forget(target: SessionTarget) {
    this.generation++;
    const matches =
      'sessionId' in target
        ? (session: SessionWithUser) => session.id === target.sessionId
        : (session: SessionWithUser) => session.userId === target.userId;
    for (const [token, entry] of this.entries) if (matches(entry.session)) this.entries.delete(token);
  }

  /** Forget what other processes ask to forget; returns the unsubscribe function. */
  listen(bus: Bus) {
    return bus.subscribe((event) => {
      if (event.type !== FORGET_EVENT) return;
      const data = event.data as Partial<{ sessionId: unknown; userId: unknown }> | null;
      if (typeof data?.sessionId === 'string') this.forget({ sessionId: data.sessionId });
      else if (typeof data?.userId === 'string') this.forget({ userId: data.userId });
    });
  }
}

/**
 * THE invalidation for cached sessions: call it after a session row is deleted or a user row changes (sign-out,
 * sign-out everywhere, password change or reset, disable, delete, role or profile change), once the change committed.
 */
export async function invalidateSessions(deps: { sessionCache: SessionCache; bus: Bus }, target: SessionTarget) {
  deps.sessionCache.forget(target);
  await deps.bus.publish({ audience: {}, type: FORGET_EVENT, data: target });
}
