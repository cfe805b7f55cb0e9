import { EventEmitter } from 'node:events';
import pg from 'pg';
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
  close(): Promise<void>;
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
      emitter.on('event', handler);
      return () => emitter.off('event', handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** NOTIFY payloads are limited to 8000 bytes; publishers send ids for anything larger. */
export const MAX_NOTIFY_BYTES = 7900;

/** Several processes on one PostgreSQL database: LISTEN/NOTIFY carries each event to all of them. */
export async function postgresBus(url: string, schema = 'public'): Promise<Bus> {
  const channel = `accountry_events_${schema}`.replace(/[^a-z0-9_]/gi, '_').toLowerCase();
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let closed = false;
  let client: pg.Client | null = null;

  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (msg) => {
      if (msg.channel !== channel || !msg.payload) return;
      try {
        emitter.emit('event', JSON.parse(msg.payload) as BusEvent);
      } catch {
        // A malformed payload is dropped; it cannot come from our own publishers.
      }
    });
    c.on('error', () => {
      if (closed) return;
      client = null;
      setTimeout(() => void connect().catch(() => undefined), 1000);
    });
    await c.connect();
    await c.query(`LISTEN ${channel}`);
    client = c;
  };
  await connect();
  const publisher = new pg.Pool({ connectionString: url, max: 2 });

  return {
    async publish(event) {
      const payload = JSON.stringify(event);
      if (Buffer.byteLength(payload) > MAX_NOTIFY_BYTES) throw new Error(`realtime event ${event.type} is too large to publish`);
      await publisher.query('select pg_notify($1, $2)', [channel, payload]);
    },
    subscribe(handler) {
      emitter.on('event', handler);
      return () => emitter.off('event', handler);
    },
    async close() {
      closed = true;
      emitter.removeAllListeners();
      await client?.end().catch(() => undefined);
      await publisher.end();
    },
  };
}
