import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app';
import type { BusEvent } from '../../realtime/bus';
import { newId } from '../../lib/ids';
import { counterpartIds } from './conversations.repository';
import type { ChatEvents } from './chat-events';

/** Bus-only event between server processes (empty audience: no socket receives it). */
const SYNC = 'chat.presence.sync';
type SyncData = { processId: string; kind: 'up' | 'down' | 'beat' | 'query'; userIds: string[] };

const BEAT_MS = 30_000;
/** A process that has not been heard from for this long is gone (crashed); its users count as offline. */
const STALE_MS = 75_000;
/** A reload closes and reopens the socket: wait this long before telling others someone left. */
export const OFFLINE_GRACE_MS = 3000;
const IDS_PER_BEAT = 200;

/**
 * Who is online: this process's sockets (from the hub) plus the users other processes announce over the bus.
 * Changes are pushed to the people each user has conversations with; "last seen" is users.last_active.
 */
export class ChatPresence {
  readonly processId = newId();
  /** userId -> processId -> last heard (ms) */
  private readonly remote = new Map<string, Map<string, number>>();
  private readonly pendingOffline = new Map<string, ReturnType<typeof setTimeout>>();
  /** Users with a socket on this process. */
  private readonly local = new Set<string>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private unsubscribe: (() => void) | null = null;
  private stopped = false;

  constructor(
    private readonly deps: AppDeps,
    private readonly events: ChatEvents,
    private readonly log: FastifyBaseLogger,
  ) {}

  start() {
    const { hub, bus } = this.deps;
    this.unsubscribe = bus.subscribe((event) => this.onBus(event));
    hub.onConnect((user, first) => {
      if (!first || this.stopped) return;
      this.local.add(user.id);
      const pending = this.pendingOffline.get(user.id);
      if (pending) {
        // Back within the grace period: the others never saw them leave.
        clearTimeout(pending);
        this.pendingOffline.delete(user.id);
        return;
      }
      void this.sync('up', [user.id]);
      if (!this.isOnlineElsewhere(user.id)) void this.announce(user.id, true);
    });
    hub.onDisconnect((user, last) => {
      if (!last || this.stopped) return;
      this.local.delete(user.id);
      const timer = setTimeout(() => {
        this.pendingOffline.delete(user.id);
        if (this.local.has(user.id)) return;
        void this.wentOffline(user.id);
      }, OFFLINE_GRACE_MS);
      timer.unref();
      this.pendingOffline.set(user.id, timer);
    });
    this.timer = setInterval(() => void this.beat(), BEAT_MS);
    this.timer.unref();
    // Ask the other processes who is online on them, rather than wait for their next beat.
    void this.sync('query', []);
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    for (const t of this.pendingOffline.values()) clearTimeout(t);
    this.pendingOffline.clear();
    this.unsubscribe?.();
  }

  isOnline(userId: string) {
    return this.local.has(userId) || this.pendingOffline.has(userId) || this.isOnlineElsewhere(userId);
  }

  private isOnlineElsewhere(userId: string) {
    const byProcess = this.remote.get(userId);
    if (!byProcess) return false;
    const now = this.deps.clock.now();
    for (const [pid, at] of byProcess) {
      if (now - at <= STALE_MS) return true;
      byProcess.delete(pid);
    }
    this.remote.delete(userId);
    return false;
  }

  private async wentOffline(userId: string) {
    const now = this.deps.clock.now();
    try {
      await this.deps.db.db.updateTable('users').set({ lastActive: now }).where('id', '=', userId).execute();
    } catch (err) {
      this.log.warn({ err }, 'could not record last seen');
    }
    await this.sync('down', [userId]);
    if (!this.isOnlineElsewhere(userId)) await this.announce(userId, false, now);
  }

  /** Tell the people this user talks to that they came or went. */
  private async announce(userId: string, online: boolean, lastSeen: number | null = null) {
    try {
      const others = await counterpartIds(this.deps.db.db, userId);
      if (others.length) await this.events.presence(others, { userId, online, lastSeen });
    } catch (err) {
      this.log.warn({ err }, 'presence not announced');
    }
  }

  private async sync(kind: SyncData['kind'], userIds: string[]) {
    try {
      const data: SyncData = { processId: this.processId, kind, userIds };
      await this.deps.bus.publish({ audience: {}, type: SYNC, data });
    } catch (err) {
      this.log.warn({ err }, 'presence sync not published');
    }
  }

  /** Every process repeats who is online on it, so a crashed process's users expire from the others' view. */
  private async beat() {
    const local = [...this.local];
    for (let i = 0; i < local.length; i += IDS_PER_BEAT) await this.sync('beat', local.slice(i, i + IDS_PER_BEAT));
  }

  private onBus(event: BusEvent) {
    if (event.type !== SYNC) return;
    const data = event.data as SyncData;
    if (!data || data.processId === this.processId) return;
    if (data.kind === 'query') {
      void this.beat();
      return;
    }
    const now = this.deps.clock.now();
    for (const userId of data.userIds) {
      const byProcess = this.remote.get(userId) ?? new Map<string, number>();
      if (data.kind === 'down') byProcess.delete(data.processId);
      else byProcess.set(data.processId, now);
      if (byProcess.size) this.remote.set(userId, byProcess);
      else this.remote.delete(userId);
    }
  }
}
