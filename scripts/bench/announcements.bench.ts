// The signed-in user's announcement fetch (GET /api/announcements) with 1,000 active announcements and 100,000
// users' state rows, next to a bare authenticated endpoint (GET /api/auth/me) in the same run, on each engine;
// plus the EXPLAIN of the per-user query, which must look rows up by index rather than scan the state table.
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery } from 'kysely';
import { MAX_USER_ANNOUNCEMENTS } from '@accountry/shared/announcements';
import { buildApp } from '../../apps/server/src/app';
import { type DatabaseHandle } from '../../apps/server/src/db/database';
import { openScratchDatabase } from '../../apps/server/src/db/scratch-database';
import { ManualClock, systemClock } from '../../apps/server/src/lib/clock';
import { memoryBus } from '../../apps/server/src/realtime/bus';
import { createUser, signInAs } from '../../apps/server/src/test/test-app';
import { userAnnouncementsQuery } from '../../apps/server/src/features/announcements/user-announcements.repository';
import type { Mailer } from '../../apps/server/src/email/mailer';
import { benchConfig, benchEngines, emit, timeMedian, analyzeAsTheServer } from './support';

const USERS = 100_000;
const ACTIVE = 1_000;
const INACTIVE = 1_000;
const BATCH = 1_000;
const REQUESTS = 200;

async function insertBatches<T>(count: number, make: (i: number) => T, insert: (rows: T[]) => Promise<unknown>) {
  for (let start = 0; start < count; start += BATCH) {
    await insert(Array.from({ length: Math.min(BATCH, count - start) }, (_, k) => make(start + k)));
  }
}

const ROLES = ['buyer', 'seller', 'both', 'buyer', 'seller'] as const;
const KINDS = [
  ...Array(400).fill('all'),
  ...Array(200).fill('seller'),
  ...Array(150).fill('buyer'),
  ...Array(100).fill('both'),
  ...Array(50).fill('admin'),
  ...Array(100).fill('specific'),
];

/** 100,000 users, 1,000 active + 1,000 inactive announcements, one state row per user; the bench user sees ~800. */
async function seed(handle: DatabaseHandle, benchUserId: string) {
  const db = handle.db;
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    await insertBatches(
      USERS,
      (i) => ({
        id: `u${i}`,
        email: `u${i}@bench.test`,
        passwordHash: 'x',
        displayName: `User ${i}`,
        phoneNumber: '',
        role: ROLES[i % ROLES.length],
        createdAt: now,
        lastActive: now,
        profileComplete: true,
        emailVerified: true,
        disabled: false,
      }),
      (rows) => trx.insertInto('users').values(rows).execute(),
    );
    const statuses = ['expired', 'draft', 'canceled'] as const;
    await insertBatches(
      ACTIVE + INACTIVE,
      (i) => ({
        id: `a${i}`,
        title: `Announcement ${i}`,
        message: 'Scheduled maintenance on Sunday from 02:00 to 03:00 UTC. Chat may be unavailable.',
        severity: 'info' as const,
        status: i < ACTIVE ? ('active' as const) : statuses[i % 3],
        targetKind: (i < ACTIVE ? KINDS[i] : 'all') as 'all',
        expiresAt: i % 4 === 0 ? now + 86_400_000 * 30 : null,
        createdAt: now - i * 60_000,
        updatedAt: now - i * 60_000,
        recalledAt: null,
        createdBy: null,
      }),
      (rows) => trx.insertInto('announcements').values(rows).execute(),
    );
    // Each specific announcement names 50 users; a third of them also name the bench user.
    const specific = KINDS.map((k, i) => (k === 'specific' ? i : -1)).filter((i) => i >= 0);
    const targets = specific.flatMap((i, n) => [
      ...Array.from({ length: 50 }, (_, k) => ({ announcementId: `a${i}`, userId: `u${(i * 50 + k) % USERS}` })),
      ...(n % 3 === 0 ? [{ announcementId: `a${i}`, userId: benchUserId }] : []),
    ]);
    await insertBatches(
      targets.length,
      (i) => targets[i],
      (rows) => trx.insertInto('announcementTargets').values(rows).execute(),
    );
    await insertBatches(
      USERS,
      (i) => ({
        userId: `u${i}`,
        notificationId: `a${i % ACTIVE}`,
        read: true,
        readAt: now,
        dismissed: i % 3 === 0,
        dismissedAt: i % 3 === 0 ? now : null,
      }),
      (rows) => trx.insertInto('announcementStates').values(rows).execute(),
    );
    // The bench user has read 300 and dismissed 200 of the active ones.
    await insertBatches(
      500,
      (i) => ({
        userId: benchUserId,
        notificationId: `a${i * 2}`,
        read: true,
        readAt: now,
        dismissed: i < 200,
        dismissedAt: i < 200 ? now : null,
      }),
      (rows) => trx.insertInto('announcementStates').values(rows).execute(),
    );
  });
  await analyzeAsTheServer(db);
}

/** The plan of the per-user query, one line per step. */
async function explain(handle: DatabaseHandle, user: { id: string; role: 'seller' }) {
  const compiled = userAnnouncementsQuery(handle.db, user, Date.now(), MAX_USER_ANNOUNCEMENTS).compile();
  const prefix = handle.engine === 'sqlite' ? 'explain query plan ' : 'explain ';
  const result = await handle.db.executeQuery<Record<string, unknown>>(
    CompiledQuery.raw(prefix + compiled.sql, [...compiled.parameters]),
  );
  const lines = result.rows.map((r) => String(handle.engine === 'sqlite' ? r.detail : Object.values(r)[0]).trim());
  const scansStates = lines.some(
    (l) => /^SCAN (s|announcement_states)\b/.test(l) || /Seq Scan on announcement_states/.test(l),
  );
  return { plan: lines.join(' | '), indexed: !scansStates };
}

const noMail: Mailer = { send: async () => undefined };

export async function run() {
  for (const { engine, url } of benchEngines()) {
    const handle = await openScratchDatabase(engine, url, 'bench-announcements');
    const clock = systemClock;
    const bus = memoryBus();
    try {
      // The helpers stamp rows with this clock's time; the server runs on the system clock.
      const arrange = { db: handle.db, clock: new ManualClock(Date.now()) };
      const user = await createUser(arrange, { role: 'seller' });
      const started = performance.now();
      await seed(handle, user.id);
      const seedSeconds = Number(((performance.now() - started) / 1000).toFixed(1));
      const session = await signInAs(arrange, user.id);
      const config = benchConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        WEB_DIST: path.join(os.tmpdir(), 'accountry-no-web'),
      });
      const app = await buildApp({ db: handle, mailer: noMail, clock, bus, config });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      let served = 0;
      const get = async (p: string): Promise<any> => {
        const res = await fetch(base + p, { headers: { cookie: session.cookie } });
        if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
        return res.json();
      };
      try {
        served = (await get('/api/announcements')).notifications.length;
        const me = await timeMedian(() => get('/api/auth/me'), REQUESTS, 20);
        const mine = await timeMedian(() => get('/api/announcements'), REQUESTS, 20);
        const unread = await timeMedian(() => get('/api/announcements/unread-count'), REQUESTS, 20);
        const { plan, indexed } = await explain(handle, { id: user.id, role: 'seller' });
        const common = { engine, unit: 'ms/request', baseline: 'auth.me', baselineValue: Number(me.toFixed(3)) };
        emit({
          bench: 'announcements.mine',
          ...common,
          value: Number(mine.toFixed(3)),
          served,
          activeAnnouncements: ACTIVE,
          stateRows: USERS + 500,
          seedSeconds,
          indexed,
          plan,
        });
        emit({ bench: 'announcements.unread-count', ...common, value: Number(unread.toFixed(3)) });
        if (!indexed) console.error(`announcements: the per-user query scans the state table on ${engine}: ${plan}`);
      } finally {
        await app.close();
      }
    } finally {
      await bus.close();
      await handle.close();
    }
  }
}
