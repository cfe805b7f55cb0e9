import os from 'node:os';
import path from 'node:path';
import { randomBytes, scryptSync } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@accountry/shared/constants';
import type { Role } from '@accountry/shared/roles';
import { buildApp, type AppDeps } from '../app';
import { loadConfig } from '../config';
import { type DatabaseHandle } from '../db/database';
import { openScratchDatabase } from '../db/scratch-database';
import type { Mail, Mailer } from '../email/mailer';
import { ManualClock } from '../lib/clock';
import { newId, newToken } from '../lib/ids';
import { memoryBus, postgresBus, type Bus } from '../realtime/bus';
import { hashToken } from '../features/auth/sessions.service';
import type { UsersTable } from '../db/schema';

/** The engine under test: PostgreSQL when TEST_ENGINE=postgres (with TEST_DATABASE_URL), else SQLite. */
export const testEngine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

/** A fresh, migrated database for one test file: a temp SQLite file, or a new PostgreSQL schema. */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (testEngine === 'postgres' && !process.env.TEST_DATABASE_URL) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  return openScratchDatabase(testEngine, process.env.TEST_DATABASE_URL, testEngine === 'postgres' ? 't' : 'test', 5);
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
  close(): Promise<void>;
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestContext> {
  const handle = await createTestDatabase();
  const clock = new ManualClock(Date.now());
  const mailer = new CapturingMailer();
  const bus = handle.engine === 'postgres' ? await postgresBus(handle.url, handle.pgSchema) : memoryBus();
  const config = loadConfig({ NODE_ENV: 'test', WEB_DIST: path.join(os.tmpdir(), 'accountry-no-web'), ...env });
  const app = await buildApp({ db: handle, mailer, clock, bus, config });
  const deps = app.deps;
  await app.ready();
  return {
    app, deps, handle, db: handle.db, clock, mailer, bus,
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
export async function createUser(ctx: Pick<TestContext, 'db' | 'clock'>, over: Partial<UsersTable> & { role?: Role } = {}) {
  const id = over.id ?? newId();
  const user: UsersTable = {
    id, email: `${id.slice(0, 8).toLowerCase().replace(/[^a-z0-9]/g, 'x')}@example.test`, passwordHash: TEST_HASH,
    displayName: 'Test User', phoneNumber: '', role: 'buyer', createdAt: ctx.clock.now(), lastActive: ctx.clock.now(),
    profileComplete: true, emailVerified: true, disabled: false, ...over,
  };
  await ctx.db.insertInto('users').values(user).execute();
  return user;
}

export interface Session {
  cookie: string;
  csrf: string;
  /** Headers for app.inject: the cookies and the CSRF header. */
  headers: Record<string, string>;
}

/** A signed-in session for the user, created directly in the database. */
export async function signInAs(ctx: Pick<TestContext, 'db' | 'clock'>, userId: string, remember = false): Promise<Session> {
  const token = newToken();
  const csrf = newToken(18);
  await ctx.db
    .insertInto('sessions')
    .values({ id: hashToken(token), userId, remember, csrfToken: csrf, createdAt: ctx.clock.now(), lastActive: ctx.clock.now(), userAgent: 'test', ip: '127.0.0.1' })
    .execute();
  const cookie = `${SESSION_COOKIE}=${token}; ${CSRF_COOKIE}=${csrf}`;
  return { cookie, csrf, headers: { cookie, [CSRF_HEADER]: csrf } };
}

/** Create a user of the role and sign them in. */
export async function userWithSession(ctx: Pick<TestContext, 'db' | 'clock'>, role: Role = 'buyer', over: Partial<UsersTable> = {}) {
  const user = await createUser(ctx, { role, ...over });
  return { user, session: await signInAs(ctx, user.id) };
}
