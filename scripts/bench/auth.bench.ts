// Auth figures on each engine, each next to a baseline measured in the same run:
// - auth.me_signed_in: GET /api/auth/me with a session cookie (the session lookup every API request makes) among
//   20,000 sessions, requests/s under load from a generator in its own process, against the same endpoint without a
//   cookie in alternating rounds (and a bare Fastify GET in another process answering the same bytes, for scale).
// - auth.signin: median POST /api/auth/signin, against the scrypt check alone (the deliberate cost of a password).
// - auth.signin_unknown: a sign-in for an address without an account, against auth.signin: close to 1 means the
//   answer time does not tell whether an address has an account.
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../../apps/server/src/app';
import { openScratchDatabase } from '../../apps/server/src/db/scratch-database';
import { systemClock } from '../../apps/server/src/lib/clock';
import { memoryBus } from '../../apps/server/src/realtime/bus';
import { hashPassword, verifyPassword } from '../../apps/server/src/lib/password';
import { hashToken } from '../../apps/server/src/sessions/sessions.service';
import type { Mailer } from '../../apps/server/src/email/mailer';
import {
  assertHonestBaseline,
  benchConfig,
  benchEngines,
  emit,
  median,
  startLoadProcess,
  timeMedian,
  type LoadResult,
} from './support';

const USERS = 5_000;
const SESSIONS_PER_USER = 4;
const LOAD_SECONDS = 5;
// The signed-in and anonymous loads alternate, so a slow moment of a shared machine weighs on both: measured one after
// the other, the same code read 0.76-1.23 from run to run.
const ROUNDS = 3;
const ROUND_SECONDS = 2;
const PASSWORD = 'Bench-Password-2026';

const noMail: Mailer = { send: async () => undefined };

type Loader = ReturnType<typeof startLoadProcess>;

async function load(loader: Loader, url: string, headers: Record<string, string> = {}) {
  await loader.load(url, { headers, seconds: 1 });
  const r = await loader.load(url, { headers, seconds: LOAD_SECONDS });
  if (r.failed) throw new Error(`${r.failed} failed requests against ${url}`);
  return r;
}

async function benchEngine(
  engine: 'sqlite' | 'postgres',
  url: string | undefined,
  loader: Loader,
  passwordHash: string,
) {
  const handle = await openScratchDatabase(engine, url, 'bench-auth');
  const now = systemClock.now();
  const users = Array.from({ length: USERS }, (_, i) => ({
    id: `u${i}`,
    email: `user${i}@bench.test`,
    passwordHash,
    displayName: `User ${i}`,
    phoneNumber: '',
    role: 'buyer' as const,
    createdAt: now,
    lastActive: now,
    profileComplete: true,
    emailVerified: true,
    disabled: false,
  }));
  for (let i = 0; i < users.length; i += 500)
    await handle.db
      .insertInto('users')
      .values(users.slice(i, i + 500))
      .execute();
  const tokens: string[] = [];
  const sessions = users.flatMap((u) =>
    Array.from({ length: SESSIONS_PER_USER }, () => {
      const token = randomBytes(32).toString('base64url');
      tokens.push(token);
      return {
        id: hashToken(token),
        publicId: randomBytes(16).toString('base64url'),
        userId: u.id,
        remember: false,
        csrfToken: 'x',
        createdAt: now,
        lastActive: now,
        userAgent: 'bench',
        ip: '127.0.0.1',
      };
    }),
  );
  for (let i = 0; i < sessions.length; i += 500)
    await handle.db
      .insertInto('sessions')
      .values(sessions.slice(i, i + 500))
      .execute();

  const config = benchConfig({
    NODE_ENV: 'test',
    WEB_DIST: path.join(os.tmpdir(), 'accountry-no-web'),
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ db: handle, mailer: noMail, clock: systemClock, bus: memoryBus(), config });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  try {
    const cookie = { cookie: `sid=${tokens[tokens.length >> 1]}` };
    const same = await fetch(`http://127.0.0.1:${port}/api/auth/me`, { headers: cookie });
    const bareServer = await loader.bare([
      { path: '/me', body: Buffer.from(await same.arrayBuffer()), contentType: 'application/json' },
    ]);
    const bare = await load(loader, `${bareServer.url}/me`);
    assertHonestBaseline('auth.me_signed_in', bare);
    const meUrl = `http://127.0.0.1:${port}/api/auth/me`;
    const anonymous: LoadResult[] = [];
    const me: LoadResult[] = [];
    await loader.load(meUrl, { seconds: 1 });
    await loader.load(meUrl, { headers: cookie, seconds: 1 });
    for (let round = 0; round < ROUNDS; round++) {
      anonymous.push(await loader.load(meUrl, { seconds: ROUND_SECONDS }));
      me.push(await loader.load(meUrl, { headers: cookie, seconds: ROUND_SECONDS }));
    }
    if ([...anonymous, ...me].some((r) => r.failed)) throw new Error(`failed requests against ${meUrl}`);
    const rps = (rs: LoadResult[]) => Math.round(rs.reduce((n, r) => n + r.rps, 0) / rs.length);
    emit({
      bench: 'auth.me_signed_in',
      engine,
      value: rps(me),
      unit: 'req/s',
      baseline: 'auth.me_anonymous',
      baselineValue: rps(anonymous),
      bareFastifySameBytes: bare.rps,
      sessions: sessions.length,
      p50Ms: median(me.map((r) => r.p50)),
      generatorCpu: median(me.map((r) => r.generatorCpu)),
    });

    let ip = 0;
    // A fresh client address each time keeps the per-address request limit out of the figure.
    const signIn = (email: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email, password: PASSWORD },
        remoteAddress: `10.9.${(ip >> 8) & 255}.${ip++ & 255}`,
      });
    const scrypt = await timeMedian(() => verifyPassword(PASSWORD, passwordHash), 15, 2);
    const known = await timeMedian(
      async () => {
        const res = await signIn(`user${ip % USERS}@bench.test`);
        if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
      },
      15,
      2,
    );
    const unknown = await timeMedian(() => signIn(`nobody${ip}@bench.test`), 15, 2);
    emit({
      bench: 'auth.signin',
      engine,
      value: Number(known.toFixed(1)),
      unit: 'ms',
      baseline: 'scrypt.verify',
      baselineValue: Number(scrypt.toFixed(1)),
    });
    emit({
      bench: 'auth.signin_unknown',
      engine,
      value: Number(unknown.toFixed(1)),
      unit: 'ms',
      baseline: 'auth.signin',
      baselineValue: Number(known.toFixed(1)),
    });
  } finally {
    await app.close();
    await handle.close();
  }
}

export async function run() {
  const loader = startLoadProcess();
  const passwordHash = await hashPassword(PASSWORD);
  try {
    for (const { engine, url } of benchEngines()) await benchEngine(engine, url, loader, passwordHash);
  } finally {
    loader.stop();
  }
}
