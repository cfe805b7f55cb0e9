import { EventEmitter } from 'node:events';
import type Pg from 'pg';
import { pgModule } from '../db/database';
import type { Role } from '@accountry/shared/roles';

/** Who an event is for. An empty audience reaches nobody. */
export interface Audience {
  all?: boolean;
  roles?: Role[];
  userIds?: string[];
}

export interface BusEvent {
  audience: Audience;
  type: string;
  data: unknown;
}

/** Fan-out of realtime events to every server process's sockets. */
export interface Bus {
  publish(event: BusEvent): Promise<void>;
  subscribe(handler: (event: BusEvent) => void): () => void;
  /** Called after the bus lost events (its connection dropped and came back): clients should resync. */
  onResync(handler: () => void): () => void;
  close(): Promise<void>;
  /**
   * PostgreSQL only: the NOTIFY channel. A write may notify in its own statement (delivered at commit, in commit
   * order) with the payload `JSON.stringify(event)` would give.
   */
  readonly notifyChannel?: string;
  /** The largest event it carries, as `JSON.stringify(event)` bytes; none within one process. */
  readonly maxEventBytes?: number;
}

export interface BusLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const consoleLog: BusLog = {
  info: (obj, msg) => console.info(msg, obj),
  warn: (obj, msg) => console.warn(msg, obj),
  error: (obj, msg) => console.error(msg, obj),
};

/** A subscriber that throws is logged; it cannot break delivery to the others or end the process. */
function guarded(handler: (event: BusEvent) => void, log: BusLog) {
  return (event: BusEvent) => {
    try {
      handler(event);
    } catch (err) {
      log.error({ err, type: event.type }, 'realtime bus: subscriber failed');
    }
  };
}

/** One process (SQLite): events go straight to this process's sockets. */
export function memoryBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(event) {
      emitter.emit('event', event);
    },
    subscribe(handler) {
      const safe = guarded(handler, consoleLog);
      emitter.on('event', safe);
      return () => emitter.off('event', safe);
    },
    onResync(handler) {
      emitter.on('resync', handler);
      return () => emitter.off('resync', handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** NOTIFY payloads are limited to 8000 bytes; publishers send ids for anything larger. */
export const MAX_NOTIFY_BYTES = 7900;

export interface PostgresBusOptions {
  log?: BusLog;
  /** How often the listening connection runs a trivial query, so a half-open connection is noticed. */
  livenessCheckMs?: number;
  /** Reconnect delays: first, doubling up to max (with jitter), for as long as it takes. */
  firstRetryMs?: number;
  maxRetryMs?: number;
}

/** The listening connection's application_name, so operators (and tests) can find it in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'accountry-bus-listener';

/** Several processes on one PostgreSQL database: LISTEN/NOTIFY carries each event to all of them. */
export async function postgresBus(url: string, schema = 'public', options: PostgresBusOptions = {}): Promise<Bus> {
  const channel = `accountry_events_${schema}`.replace(/[^a-z0-9_]/gi, '_').toLowerCase();
  const log = options.log ?? consoleLog;
  const firstRetryMs = options.firstRetryMs ?? 250;
  const maxRetryMs = options.maxRetryMs ?? 30_000;
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let closed = false;
  let client: Pg.Client | null = null;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;

  const listen = async () => {
    const c = new (pgModule().Client)({ connectionString: url, application_name: LISTENER_APPLICATION_NAME });
    c.on('notification', (msg) => {
      if (msg.channel !== channel || !msg.payload) return;
      let event: BusEvent;
      try {
        event = JSON.parse(msg.payload) as BusEvent;
      } catch (err) {
        log.error({ err }, 'realtime bus: malformed payload dropped');
        return;
      }
      emitter.emit('event', event);
    });
    // Both fire when the backend goes away; whichever comes first schedules the one reconnect.
    const lost = (err?: Error) => {
      if (closed || client !== c) return;
      client = null;
      log.warn({ err }, 'realtime bus: LISTEN connection lost');
      void c.end().catch(() => undefined);
      scheduleReconnect();
    };
    c.on('error', lost);
    c.on('end', () => lost());
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch (err) {
      c.removeAllListeners('end');
      void c.end().catch(() => undefined);
      throw err;
    }
    client = c;
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    const delay = Math.min(maxRetryMs, firstRetryMs * 2 ** Math.min(attempt, 20)) * (0.8 + Math.random() * 0.4);
    attempt += 1;
    log.warn({ attempt, delayMs: Math.round(delay) }, 'realtime bus: reconnecting LISTEN connection');
    retryTimer = setTimeout(() => {
      retryTimer = null;
      if (closed) return;
      listen().then(
        () => {
          log.info({ attempt }, 'realtime bus: LISTEN connection restored; clients resync');
          attempt = 0;
          emitter.emit('resync');
        },
        (err) => {
          log.warn({ err, attempt }, 'realtime bus: reconnect failed');
          scheduleReconnect();
        },
      );
    }, delay);
    retryTimer.unref();
  };

  await listen();
  const liveness = setInterval(() => {
    const c = client;
    c?.query('select 1').catch((err: Error) => c.emit('error', err));
  }, options.livenessCheckMs ?? 30_000);
  liveness.unref();
  const publisher = new (pgModule().Pool)({ connectionString: url, max: 2 });
  // An idle pooled connection that dies is replaced on next use; without a listener its error would end the process.
  publisher.on('error', (err) => log.warn({ err }, 'realtime bus: publisher connection lost'));

  return {
    notifyChannel: channel,
    maxEventBytes: MAX_NOTIFY_BYTES,
    async publish(event) {
      const payload = JSON.stringify(event);
      if (Buffer.byteLength(payload) > MAX_NOTIFY_BYTES)
        throw new Error(`realtime event ${event.type} is too large to publish`);
      await publisher.query('select pg_notify($1, $2)', [channel, payload]);
    },
    subscribe(handler) {
      const safe = guarded(handler, log);
      emitter.on('event', safe);
      return () => emitter.off('event', safe);
    },
    onResync(handler) {
      emitter.on('resync', handler);
      return () => emitter.off('resync', handler);
    },
    async close() {
      closed = true;
      clearInterval(liveness);
      if (retryTimer) clearTimeout(retryTimer);
      emitter.removeAllListeners();
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
      await publisher.end();
    },
  };
}
