// Admin lists at scale: 50,000 users, 20,000 listings, 20,000 audit entries. Each figure is the median latency of one
// admin request over HTTP, next to the same admin's GET /api/auth/me and a member's, timed in alternating rounds with
// it, on each engine (decision 261); /readyz (one trivial statement) beside them shows the floor of a request that
// reads.
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { encodeCursor } from '../../apps/server/src/lib/keyset-cursor';
import { buildApp } from '../../apps/server/src/app';
import { type DatabaseHandle } from '../../apps/server/src/db/database';
import { openScratchDatabase } from '../../apps/server/src/db/scratch-database';
import { sqliteUpkeep } from '../../apps/server/src/db/sqlite-upkeep';
import { ManualClock, systemClock } from '../../apps/server/src/lib/clock';
import { memoryBus } from '../../apps/server/src/realtime/bus';
import { createUser, signInAs } from '../../apps/server/src/test/test-app';
import type { Mailer } from '../../apps/server/src/email/mailer';
import { benchConfig, benchEngines, emit, median, timeMedian, analyzeAsTheServer } from './support';

const USERS = 50_000;
const SELLERS = 500;
const LISTINGS = 20_000;
const AUDIT = 20_000;
const BATCH = 1_000;
// Enough per figure that its code paths are optimised before the rounds that count (50 warm-up requests each).
const REQUESTS = 400;
// The shared warm-up: every figure's request in turn, this many rounds of this many (about 5,000 replies).
const WARM_ROUNDS = 8;
const WARM_REQUESTS = 40;

async function insertBatches<T>(count: number, make: (i: number) => T, insert: (rows: T[]) => Promise<unknown>) {
  for (let start = 0; start < count; start += BATCH) {
    await insert(Array.from({ length: Math.min(BATCH, count - start) }, (_, k) => make(start + k)));
  }
}

const ROLES = ['buyer', 'buyer', 'seller', 'both'] as const;
const STATUSES = ['active', 'active', 'active', 'sold', 'draft', 'reserved', 'hidden'] as const;

async function seed(handle: DatabaseHandle, adminId: string) {
  const now = Date.now();
  await handle.db.transaction().execute(async (trx) => {
    await insertBatches(
      USERS,
      (i) => ({
        id: `u${i}`,
        email: `user${i}@bench.test`,
        passwordHash: 'x',
        displayName: `Bench User ${i}`,
        phoneNumber: '',
        role: i < SELLERS ? ('seller' as const) : ROLES[i % 4],
        createdAt: now - i * 60_000,
        lastActive: now,
        profileComplete: true,
        emailVerified: i % 10 !== 0,
        disabled: i % 100 === 7,
      }),
      (rows) => trx.insertInto('users').values(rows).execute(),
    );
    await insertBatches(
      USERS / 100,
      (i) => ({
        uid: `u${i * 100 + 3}`,
        userCreatedAt: now - (i * 100 + 3) * 60_000,
        status: 'unresolved' as const,
        reason: '',
        deletedBy: adminId,
        createdAt: now,
        updatedAt: now,
      }),
      (rows) => trx.insertInto('deletedUsers').values(rows).execute(),
    );
    await insertBatches(
      LISTINGS,
      (i) =>
        ({
          id: `l${i}`,
          sellerId: `u${i % SELLERS}`,
          title: `Bench listing ${i}`,
          category: 'game' as const,
          platform: 'steam',
          region: 'europe',
          description: 'A bench listing with a description long enough.',
          priceCents: 1000 + i,
          currency: 'USD',
          status: STATUSES[i % STATUSES.length],
          createdAt: now - i * 30_000,
          updatedAt: now,
          publishedAt: now,
          soldAt: i % 7 === 3 ? now - i * 1000 : null,
          deletedAt: i % 500 === 11 ? now : null,
        }) as never,
      (rows) => trx.insertInto('listings').values(rows).execute(),
    );
    await insertBatches(
      AUDIT,
      (i) => ({
        id: `a${i}`,
        actorId: i % 2 ? adminId : 'someone-else',
        action: ['user.disable', 'listing.hide', 'report.review'][i % 3],
        targetType: 'user',
        targetId: `u${i}`,
        details: '{}',
        createdAt: now - i * 10_000,
      }),
      (rows) => trx.insertInto('auditLog').values(rows).execute(),
    );
  });
  await analyzeAsTheServer(handle.db);
  // The trigram indexes as the server keeps them: its upkeep merges the segments bulk writes leave (decision 150).
  await sqliteUpkeep.mergeSearchIndexesNow();
}

const noMail: Mailer = { send: async () => undefined };

/** The figure and its baselines in alternating rounds, so a slow moment of a shared machine weighs on all of them. */
async function besideBaselines(figure: () => Promise<unknown>, baselines: Array<() => Promise<unknown>>) {
  const values: number[] = [];
  const bases = baselines.map(() => [] as number[]);
  for (let round = 0; round < 4; round++) {
    values.push(await timeMedian(figure, REQUESTS / 4, round ? 0 : 50));
    for (const [i, baseline] of baselines.entries())
      bases[i].push(await timeMedian(baseline, REQUESTS / 4, round ? 0 : 50));
  }
  return { value: median(values), baselines: bases.map(median) };
}

const ms = (n: number) => Number(n.toFixed(3));

export async function run() {
  for (const { engine, url } of benchEngines()) {
    const handle = await openScratchDatabase(engine, url, 'bench-admin');
    const bus = memoryBus();
    try {
      const arrange = { db: handle.db, clock: new ManualClock(Date.now()) };
      const admin = await createUser(arrange, { role: 'admin' });
      const started = performance.now();
      await seed(handle, admin.id);
      const seedSeconds = Number(((performance.now() - started) / 1000).toFixed(1));
      const session = await signInAs(arrange, admin.id);
      // Two baselines (decision 261). The admin's own auth.me: the cheapest request an admin can make, reading the
      // session from the database as every admin request must (decision 102), as the auth.me did when filed.
      // A member's, served from the session cache: what decision 102 costs an admin is the first figure's ratio.
      const member = await signInAs(arrange, (await createUser(arrange, { role: 'buyer' })).id);
      const config = benchConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        WEB_DIST: path.join(os.tmpdir(), 'accountry-no-web'),
      });
      const app = await buildApp({ db: handle, mailer: noMail, clock: systemClock, bus, config });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const get = async (p: string): Promise<any> => {
        const res = await fetch(base + p, { headers: { cookie: session.cookie } });
        if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
        return res.json();
      };
      // Timed requests read the reply as sent (brotli above 1 kB), as a browser receives it: fetch would build a
      // brotli decoder per reply, about 1.2 ms here, which is the client's cost, not the server's.
      const agent = new http.Agent({ keepAlive: true });
      const timed = (p: string, cookie = session.cookie) =>
        new Promise<void>((resolve, reject) => {
          http
            .get(base + p, { agent, headers: { cookie, 'accept-encoding': 'br, gzip' } }, (res) => {
              if (res.statusCode !== 200) reject(new Error(`${p}: ${res.statusCode}`));
              res.on('data', () => undefined);
              res.on('end', () => resolve());
            })
            .on('error', reject);
        });
      try {
        // A cursor in the middle of the users (row 25,000), to show a deep page costs what the first does.
        const middle = await handle.db
          .selectFrom('users')
          .select(['createdAt', 'id'])
          .where('id', '=', `u${USERS / 2}`)
          .executeTakeFirstOrThrow();
        const deep = encodeURIComponent(encodeCursor(middle.createdAt, middle.id));
        const memberMe = () => timed('/api/auth/me', member.cookie);
        const adminMe = () => timed('/api/auth/me');
        await timeMedian(memberMe, 0, 50); // warm the JIT on the shared path before any figure
        const figures: Array<[string, string]> = [
          // An admin's own auth.me: what reading the session on every admin request costs beside the cached one.
          ['admin.auth_me', '/api/auth/me'],
          ['admin.users.first-page', '/api/admin/users'],
          ['admin.users.deep-page', `/api/admin/users?cursor=${deep}`],
          ['admin.users.state-filter', '/api/admin/users?state=deleted'],
          ['admin.users.search', '/api/admin/users?q=user4999'],
          // Filters: half the users are buyers, 1% are disabled, 40 of the listings are deleted.
          ['admin.users.role-filter', '/api/admin/users?role=buyer'],
          ['admin.users.disabled-filter', '/api/admin/users?state=disabled'],
          ['admin.users.search-in-role', '/api/admin/users?q=user4999&role=buyer'],
          ['admin.listings.first-page', '/api/admin/listings'],
          ['admin.listings.search', '/api/admin/listings?q=listing%201999'],
          ['admin.listings.deleted-filter', '/api/admin/listings?deleted=yes'],
          ['admin.listings.search-in-status', '/api/admin/listings?q=listing%201999&status=active'],
          ['admin.audit.by-actor', `/api/admin/audit?actorId=${admin.id}`],
          ['admin.dashboard', '/api/admin/dashboard'],
          // The floor of any request that reads the database: /readyz runs one `select 1`. On PostgreSQL that round
          // trip alone costs about what the whole of auth.me (served from memory) does, so it bounds every ratio above.
          ['admin.one_statement', '/readyz'],
        ];
        // A server that has run a while has compiled the paths every figure shares: Node's zlib wrapper, for one,
        // compressed a reply in ~65 µs over its first thousand calls here and ~13 µs after a few thousand. Each
        // figure's own warm-up (50 requests) is far short of that, so every path is first run in turn until warm.
        if (process.env.BENCH_ADMIN_COLD !== '1')
          for (let round = 0; round < WARM_ROUNDS; round++)
            for (const [, p] of figures) await timeMedian(() => timed(p), 0, WARM_REQUESTS);
        for (const [bench, p] of figures) {
          const items = (await get(p)).items?.length;
          // The admin's own auth.me beside itself would read 1: that figure stands beside the member's alone.
          const own = bench === 'admin.auth_me';
          const { value, baselines } = await besideBaselines(() => timed(p), own ? [memberMe] : [adminMe, memberMe]);
          const members = baselines[baselines.length - 1];
          emit({
            bench,
            engine,
            unit: 'ms/request',
            baseline: own ? 'member auth.me' : 'admin auth.me',
            baselineValue: ms(baselines[0]),
            value: ms(value),
            memberAuthMe: ms(members),
            ratioToMemberAuthMe: ms(value / members),
            ...(items !== undefined ? { items } : {}),
            users: USERS,
            listings: LISTINGS,
            seedSeconds,
          });
        }
      } finally {
        agent.destroy();
        await app.close();
      }
    } finally {
      await bus.close();
      await handle.close();
    }
  }
}
