import type { Insertable } from 'kysely';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, scryptSync } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@accountry/shared/constants';
import type { Role } from '@accountry/shared/roles';
import { buildApp, type AppDeps } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type Database, type DatabaseHandle } from '../db/database';
import { openScratchDatabase } from '../db/scratch-database';
import type { Mail, Mailer } from '../email/mailer';
import { ManualClock } from '../lib/clock';
import { newId, newToken } from '../lib/ids';
import { memoryBus, postgresBus, type Bus } from '../realtime/bus';
import { hashToken } from '../sessions/sessions.service';
import { processResetRequests } from '../features/auth/reset-requests.service';
import { settleAfterReplies } from '../lib/after-reply';
import type { DeletedUsersTable, UsersTable } from '../db/schema';

/** The engine under test: PostgreSQL when TEST_ENGINE=postgres (with TEST_DATABASE_URL), else SQLite. */
export const testEngine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

/**
 * TEST_DATABASE_URL with commits that do not wait for the disk (`synchronous_commit=off`). What a commit makes visible,
 * and how transactions interleave and conflict, are unchanged; only a crash of the database server could lose the last
 * commits, which no test needs. Waiting for the disk was most of a scratch schema's set-up (0.5–2 s against 50 ms).
 */
function testDatabaseUrl() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  const parsed = new URL(url);
  const options = parsed.searchParams.get('options');
  parsed.searchParams.set('options', `${options ? `${options} ` : ''}-c synchronous_commit=off`);
  return parsed.toString();
}

/** A fresh, migrated database for one test file: a temp SQLite file, or a new PostgreSQL schema. */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (testEngine === 'sqlite') return openScratchDatabase('sqlite', undefined, 'test');
  return openScratchDatabase('postgres', testDatabaseUrl(), 't', 5);
}

/** Captures mail instead of sending it; the only thing tests mock, since mail leaves the machine. */
export class CapturingMailer implements Mailer {
  readonly sent: Mail[] = [];
  async send(mail: Mail) {
    this.sent.push(mail);
  }
  last(to?: string) {
    return [...this.sent].reverse().find((m) => !to || m.to === to);
  }
}

export interface TestContext {
  app: FastifyInstance;
  deps: AppDeps;
  handle: DatabaseHandle;
  db: DatabaseHandle['db'];
  clock: ManualClock;
  mailer: CapturingMailer;
  bus: Bus;
  /** The settings the test asked for (a peer app gets them too). */
  env: Record<string, string>;
  /** Run the outbox worker until nothing is due, so queued mail reaches `mailer`. */
  deliverMail(): Promise<void>;
  /** Deliver what is due, then the last mail (to the address). */
  lastMail(to?: string): Promise<Mail | undefined>;
  /** Deliver what is due, then every mail sent to the address. */
  mailsTo(to: string): Promise<Mail[]>;
  close(): Promise<void>;
}

/** One key per test run: credentials encrypted by one app are readable by a second app on the same database. */
export const TEST_CREDENTIALS_KEY = randomBytes(32).toString('hex');

/** Every test app's settings before its own: no background timers (tests sweep by hand), the run's credentials key. */
export const testEnv = () => ({
  NODE_ENV: 'test',
  WEB_DIST: path.join(os.tmpdir(), 'accountry-no-web'),
  CREDENTIALS_KEY: TEST_CREDENTIALS_KEY,
  ORDER_SWEEP_INTERVAL_MS: '0',
  CHAT_MAIL_SWEEP_INTERVAL_MS: '0',
  ACCOUNT_ERASE_INTERVAL_MS: '0',
  RESET_REQUEST_SWEEP_INTERVAL_MS: '0',
  SAVED_SEARCH_ALERT_INTERVAL_MS: '0',
});

export interface TestAppOptions {
  /** The database the app sees, e.g. with a plugin that lets a test interleave two requests at a chosen query. */
  wrapDb?: (db: DatabaseHandle['db']) => DatabaseHandle['db'];
}

export async function createTestApp(env: Record<string, string> = {}, opts: TestAppOptions = {}): Promise<TestContext> {
  const scratch = await createTestDatabase();
  const handle = opts.wrapDb ? { ...scratch, db: opts.wrapDb(scratch.db) } : scratch;
  const clock = new ManualClock(Date.now());
  const mailer = new CapturingMailer();
  const bus = handle.engine === 'postgres' ? await postgresBus(handle.url, handle.pgSchema) : memoryBus();
  const config = loadConfig({ ...testEnv(), ...env });
  const app = await buildApp({ db: handle, mailer, clock, bus, config });
  const deps = app.deps;
  await app.ready();
  const deliverMail = async () => {
    // Reset links are made after their replies (decision 227): the ones asked so far are mailed first.
    await settleAfterReplies(deps);
    await processResetRequests(deps);
    while ((await deps.mailWorker.runOnce()) > 0);
  };
  return {
    app,
    deps,
    handle,
    db: handle.db,
    clock,
    mailer,
    bus,
    env,
    deliverMail,
    async lastMail(to?: string) {
      await deliverMail();
      return mailer.last(to);
    },
    async mailsTo(to: string) {
      await deliverMail();
      return mailer.sent.filter((m) => m.to === to);
    },
    async close() {
      await app.close();
      await bus.close();
      await handle.close();
    },
  };
}

export const TEST_PASSWORD = 'Correct-Horse-42';
// Same format as hashPassword, at a cost low enough for tests.
const salt = randomBytes(16);
const TEST_HASH = `scrypt$1024$8$1$${salt.toString('base64')}$${scryptSync(TEST_PASSWORD, salt, 32, { N: 1024, r: 8, p: 1 }).toString('base64')}`;

/** Insert a user directly (verified by default) with TEST_PASSWORD. */
export async function createUser(
  ctx: Pick<TestContext, 'db' | 'clock'>,
  over: Partial<UsersTable> & { role?: Role } = {},
) {
  const id = over.id ?? newId();
  const user: UsersTable = {
    id,
    email: `${id
      .slice(0, 8)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, 'x')}@example.test`,
    passwordHash: TEST_HASH,
    displayName: 'Test User',
    phoneNumber: '',
    role: 'buyer',
    createdAt: ctx.clock.now(),
    lastActive: ctx.clock.now(),
    profileComplete: true,
    emailVerified: true,
    disabled: false,
    ...over,
  };
  await ctx.db.insertInto('users').values(user).execute();
  return user;
}

/** The user's deleted-user record, as an admin's deletion writes it ('unresolved': the account is gone). */
export async function insertDeletedUser(
  db: Database,
  user: Pick<UsersTable, 'id' | 'createdAt'>,
  over: Partial<Insertable<DeletedUsersTable>> = {},
) {
  const now = over.createdAt ?? 0;
  await db
    .insertInto('deletedUsers')
    .values({
      uid: user.id,
      userCreatedAt: user.createdAt,
      status: 'unresolved',
      reason: '',
      deletedBy: null,
      createdAt: now,
      updatedAt: now,
      ...over,
    })
    .execute();
}

export interface Session {
  cookie: string;
  csrf: string;
  /** Headers for app.inject: the cookies and the CSRF header. */
  headers: Record<string, string>;
}

/** A signed-in session for the user, created directly in the database. */
export async function signInAs(
  ctx: Pick<TestContext, 'db' | 'clock'>,
  userId: string,
  remember = false,
): Promise<Session> {
  const token = newToken();
  const csrf = newToken(18);
  await ctx.db
    .insertInto('sessions')
    .values({
      id: hashToken(token),
      publicId: newId(),
      userId,
      remember,
      csrfToken: csrf,
      createdAt: ctx.clock.now(),
      lastActive: ctx.clock.now(),
      userAgent: 'test',
      ip: '127.0.0.1',
    })
    .execute();
  const cookie = `${SESSION_COOKIE}=${token}; ${CSRF_COOKIE}=${csrf}`;
  return { cookie, csrf, headers: { cookie, [CSRF_HEADER]: csrf } };
}

/** Create a user of the role and sign them in. */
export async function userWithSession(
  ctx: Pick<TestContext, 'db' | 'clock'>,
  role: Role = 'buyer',
  over: Partial<UsersTable> = {},
) {
  const user = await createUser(ctx, { role, ...over });
  return { user, session: await signInAs(ctx, user.id) };
}

/**
 * Another server process on the same database: its own app, connection pool (or SQLite connection) and bus,
 * sharing only what processes share. Configured like `ctx` plus `env`.
 */
export async function createPeerApp(ctx: TestContext, env: Record<string, string> = {}) {
  const handle = openDatabase(ctx.handle.url, { pgSchema: ctx.handle.pgSchema });
  const bus = handle.engine === 'postgres' ? await postgresBus(handle.url, handle.pgSchema) : ctx.bus;
  // The same settings as the first process (a public URL in its mail, say), then the test's own for this one.
  const config = loadConfig({ ...testEnv(), ...ctx.env, ...env });
  const app = await buildApp({ db: handle, mailer: new CapturingMailer(), clock: ctx.clock, bus, config });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      if (bus !== ctx.bus) await bus.close();
      await handle.close();
    },
  };
}

/**
 * What two server processes would run at the same time. On PostgreSQL they do; on SQLite both apps of a test share
 * one thread, and a write waiting for the other connection's lock would block that thread (the driver is synchronous),
 * so there they take turns.
 */
export async function asTwoProcesses<T>(runs: Array<() => Promise<T>>): Promise<T[]> {
  if (testEngine === 'postgres') return Promise.all(runs.map((run) => run()));
  const results: T[] = [];
  for (const run of runs) results.push(await run());
  return results;
}
