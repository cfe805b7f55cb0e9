import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { memoryBus } from '../../realtime/bus';
import { availableAccount, balanceOf } from '../../lib/ledger';
import { CapturingMailer, createTestApp, userWithSession, type Session, type TestContext } from '../../test/test-app';
import { newCreditRequestId } from '../../test/order-fixtures';

// Another server process whose bus has not yet carried the first one's "forget these sessions": its own bus, which
// never hears from the first process, stands for the moment before the notification arrives.
let ctx: TestContext;
let other: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
  other = await buildApp({ db: ctx.handle, mailer: new CapturingMailer(), clock: ctx.clock, bus: memoryBus(), config });
  await other.ready();
});
afterAll(async () => {
  await other.close();
  await ctx.close();
});

const credit = (session: Session, userId: string) =>
  other.inject({
    method: 'POST',
    url: `/api/admin/users/${userId}/balance-credits`,
    headers: session.headers,
    payload: { amountCents: 50_000, reason: 'Bank transfer 1234', requestId: newCreditRequestId() },
  });

async function adminActiveOnTheOtherProcess() {
  const bossSession = (await userWithSession(ctx, 'admin')).session;
  const { user: admin, session } = await userWithSession(ctx, 'admin');
  // The admin works on the other process: their session is resolved there, moments ago.
  expect((await other.inject({ url: '/api/admin/users', headers: session.headers })).statusCode).toBe(200);
  return { bossSession, admin, session };
}

describe('an admin whose rights were taken on another process', () => {
  it.each([
    ['made a member', 'PUT', 'role', { role: 'buyer' }, 403],
    ['disabled', 'POST', 'disable', {}, 401],
  ] as const)(
    '%s: their next admin request there is refused and moves no money',
    async (_n, method, path, body, code) => {
      const { bossSession, admin, session } = await adminActiveOnTheOtherProcess();
      const { user: member } = await userWithSession(ctx, 'seller');
      const taken = await ctx.app.inject({
        method,
        url: `/api/admin/users/${admin.id}/${path}`,
        headers: bossSession.headers,
        payload: body,
      });
      expect(taken.statusCode, taken.body).toBe(200);

      const res = await credit(session, member.id);
      expect(res.statusCode, res.body).toBe(code);
      expect(await balanceOf(ctx.db, availableAccount(member.id))).toBe(0);
      expect((await other.inject({ url: '/api/admin/users', headers: session.headers })).statusCode).toBe(code);
    },
  );

  it('one still an admin keeps working there', async () => {
    const { session } = await adminActiveOnTheOtherProcess();
    const { user: member } = await userWithSession(ctx, 'seller');
    expect((await credit(session, member.id)).statusCode).toBe(200);
    expect(await balanceOf(ctx.db, availableAccount(member.id))).toBe(50_000);
  });
});
