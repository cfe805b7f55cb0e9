import type { WebSocket } from 'ws';
import type { AuthUser } from '../plugins/auth';
import type { Audience } from './bus';
import type { MessageBudget } from './message-budget';

export interface Connection {
  socket: WebSocket;
  user: AuthUser;
  sessionId: string | null;
  /** Its row in socket_leases when places are shared between processes. */
  slotId: string | null;
  missedPongs: number;
  budget: MessageBudget;
}

/** This process's connections, indexed by socket and by user, so an event finds its audience without a scan. */
export class ConnectionRegistry {
  private readonly bySocket = new Map<WebSocket, Connection>();
  private readonly byUser = new Map<string, Set<Connection>>();

  get size() {
    return this.bySocket.size;
  }

  get(socket: WebSocket) {
    return this.bySocket.get(socket);
  }

  all() {
    return [...this.bySocket.values()];
  }

  countForUser(userId: string) {
    return this.byUser.get(userId)?.size ?? 0;
  }

  forUser(userId: string): Connection[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  /** Adds the connection; true when it is the user's first here. */
  add(conn: Connection) {
    const set = this.byUser.get(conn.user.id) ?? new Set<Connection>();
    set.add(conn);
    this.byUser.set(conn.user.id, set);
    this.bySocket.set(conn.socket, conn);
    return set.size === 1;
  }

  /** Removes the socket's connection; `last` says whether the user has none left here. */
  remove(socket: WebSocket): { conn: Connection; last: boolean } | null {
    const conn = this.bySocket.get(socket);
    if (!conn) return null;
    this.bySocket.delete(socket);
    const set = this.byUser.get(conn.user.id);
    set?.delete(conn);
    const last = !set || set.size === 0;
    if (last) this.byUser.delete(conn.user.id);
    return { conn, last };
  }

  /** The connections an audience reaches: by user id through the index; by role or everyone by one pass. */
  targets(audience: Audience): Iterable<Connection> {
    const byId = (audience.userIds ?? []).flatMap((id) => this.forUser(id));
    if (!audience.all && !audience.roles?.length) return byId.length > 1 ? new Set(byId) : byId;
    const wide = this.all().filter((c) => audience.all || audience.roles!.includes(c.user.role));
    return new Set([...wide, ...byId]);
  }
}
