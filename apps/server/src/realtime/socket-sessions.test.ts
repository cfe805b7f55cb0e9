import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INACTIVITY_TIMEOUT_MS } from '@accountry/shared/constants';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { postgresBus, type Bus } from './bus';
import type { SessionEnd } from './session-ends';
import {
  CapturingMailer,
  createTestApp,
  signInAs,
  TEST_PASSWORD,
  userWithSession,
  type Session,
  type TestContext,
} from '../test/test-app';
import { OpenSockets, type TestSocket } from '../test/test-socket';

/**
 * Sockets belong to the session that opened them: whichever way a session ends, its sockets close at once, on this
 * process and on another one (on PostgreSQL a second app with its own LISTEN connection stands for it).
 */
let ctx: TestContext;
let other: FastifyInstance;
let otherBus: Bus | null = null;
const ended: SessionEnd[] = [];
const opened = new OpenSockets();

beforeAll(async () => {
  ctx = await createTestApp();
  const bus =
    ctx.handle.engine === 'postgres' ? (otherBus = await postgresBus(ctx.handle.url, ctx.handle.pgSchema)) : ctx.bus;
  const config = loadConfig({ NODE_ENV: 'test', WEB_DIST: path.join(os.tmpdir(), 'accountry-no-web') });
  other = await buildApp({ db: ctx.handle, mailer: new CapturingMailer(), clock: ctx.clock, bus, config });
  await other.ready();
  other.deps.hub.onSessionsEnded((end) => ended.push(end));
});
afterAll(async () => {
  await opened.closeAll();
  await other.close();
  await otherBus?.close();
  await ctx.close();
});

const socketOn = (app: FastifyInstance, session: Session) => opened.inject(app, session.cookie);

/** Each socket (either process) closes as its session ended, for this reason (`expectClosed`: signed out). */
async function expectClosedAs(reason: string, ...sockets: TestSocket[]) {
  for (const s of sockets) expect(await s.whenClosed()).toEqual({ code: 4001, reason });
}
const expectClosed = (...sockets: TestSocket[]) => expectClosedAs('signed out', ...sockets);

const post = (url: string, session: Session | null, payload: object = {}) =>
  ctx.app.inject({ method: 'POST', url, headers: session?.headers ?? {}, payload });

describe('sockets end with their session', () => {
  it('sign-out closes the sockets of that session only, here and on the other process', async () => {
    const { user, session } = await userWithSession(ctx);
    const otherSession = await signInAs(ctx, user.id);
    const here = await socketOn(ctx.app, session);
    const there = await socketOn(other, session);
    const keeps = await socketOn(other, otherSession);
    expect((await post('/api/auth/signout', session)).statusCode).toBe(204);
    await expectClosed(here, there);
    expect(await keeps.request('chat.unread', {})).toMatchObject({ total: 0 });
    // The other process's session-end listeners heard of it (session caches drop entries there).
    expect(ended.some((e) => e.sessionIds?.length === 1 && e.reason === 'signed out')).toBe(true);
  });

  it("signing out one device from another closes that device's sockets on every process, not the asker's", async () => {
    const { user, session } = await userWithSession(ctx);
    const phone = await signInAs(ctx, user.id);
    const here = await socketOn(ctx.app, phone);
    const there = await socketOn(other, phone);
    const keeps = await socketOn(other, session);
    const list = await ctx.app.inject({ url: '/api/auth/sessions', headers: { cookie: session.cookie } });
    const phoneId = (list.json().sessions as Array<{ id: string; current: boolean }>).find((s) => !s.current)!.id;
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${phoneId}`,
      headers: session.headers,
    });
    expect(res.statusCode, res.body).toBe(204);
    await expectClosed(here, there);
    expect(await keeps.request('chat.unread', {})).toMatchObject({ total: 0 });
  });

  it('sign-out everywhere closes every socket of the user on every process', async () => {
    const { user, session } = await userWithSession(ctx);
    const second = await signInAs(ctx, user.id);
    const sockets = [await socketOn(ctx.app, session), await socketOn(other, session), await socketOn(other, second)];
    expect((await post('/api/auth/signout-everywhere', session)).statusCode).toBe(204);
    await expectClosed(...sockets);
  });

  it('a password change keeps the sockets of the session that changed it and closes the others', async () => {
    const { user, session } = await userWithSession(ctx);
    const second = await signInAs(ctx, user.id);
    const mine = await socketOn(other, session);
    const elsewhere = await socketOn(other, second);
    const res = await post('/api/profile/password', session, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Quite-Different-Pass-93',
    });
    expect(res.statusCode).toBe(204);
    await expectClosed(elsewhere);
    expect(await mine.request('chat.unread', {})).toMatchObject({ total: 0 });
  });

  it('a password reset closes the sockets of every session', async () => {
    const { user, session } = await userWithSession(ctx);
    const here = await socketOn(ctx.app, session);
    const there = await socketOn(other, session);
    expect((await post('/api/auth/password-reset/request', null, { email: user.email })).statusCode).toBe(200);
    const token = /token=([\w-]+)/.exec((await ctx.lastMail(user.email))?.text ?? '')?.[1];
    expect(token).toBeTruthy();
    const res = await post('/api/auth/password-reset/confirm', null, { token, password: 'Quite-Different-Pass-94' });
    expect(res.statusCode).toBeLessThan(300);
    await expectClosed(here, there);
  });

  it('a session that expires for inactivity closes its sockets without waiting for the client', async () => {
    const { session } = await userWithSession(ctx);
    const here = await socketOn(ctx.app, session);
    const there = await socketOn(other, session);
    ctx.clock.advance(INACTIVITY_TIMEOUT_MS - 60_000);
    const fresh = await userWithSession(ctx);
    const stays = await socketOn(other, fresh.session);
    ctx.clock.advance(60_001);
    // The periodic check on each process (driven here instead of waiting for its timer).
    await other.deps.hub.heartbeat();
    await expectClosedAs('session expired', there, here);
    expect(await stays.request('chat.unread', {})).toMatchObject({ total: 0 });
  });

  it('a session row removed without an event (another code path) is noticed by the periodic check', async () => {
    const { session } = await userWithSession(ctx);
    const there = await socketOn(other, session);
    await ctx.db
      .deleteFrom('sessions')
      .where('userId', '=', (await there.next('hello')).userId)
      .execute();
    await other.deps.hub.heartbeat();
    await expectClosed(there);
  });

  it('a role changed without an event (a demoted admin) is noticed by the periodic check', async () => {
    const { user, session } = await userWithSession(ctx, 'admin');
    const there = await socketOn(other, session);
    const stays = await socketOn(other, (await userWithSession(ctx, 'admin')).session);
    await ctx.db.updateTable('users').set({ role: 'seller' }).where('id', '=', user.id).execute();
    await other.deps.hub.heartbeat();
    await expectClosedAs('session changed', there);
    expect(stays.closed).toBeNull();
  });
});

// A socket carries the role it opened with (what it may receive): a change of role closes it at once, as changed
// rather than signed out, and the still signed-in browser opens a new one as the member now is.
describe("sockets follow a change of their member's role", () => {
  const saveRole = (session: Session, role: string) =>
    ctx.app.inject({ method: 'PATCH', url: '/api/profile', headers: session.headers, payload: { role } });

  it('a member who starts selling from the profile: every socket closes at once, and a new one works', async () => {
    const { session } = await userWithSession(ctx, 'buyer');
    const sockets = [await socketOn(ctx.app, session), await socketOn(other, session)];
    const res = await saveRole(session, 'both');
    expect(res.statusCode, res.body).toBe(200);
    await expectClosedAs('session changed', ...sockets);
    const again = await socketOn(other, session);
    expect(await again.request('chat.unread', {})).toMatchObject({ total: 0 });
  });

  it("an admin's change of a member's role closes the member's sockets the same way", async () => {
    const admin = (await userWithSession(ctx, 'admin')).session;
    const { user, session } = await userWithSession(ctx, 'buyer');
    const there = await socketOn(other, session);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${user.id}/role`,
      headers: admin.headers,
      payload: { role: 'seller' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectClosedAs('session changed', there);
  });

  it('a profile saved without a new role leaves the sockets open', async () => {
    const { session } = await userWithSession(ctx, 'buyer');
    const here = await socketOn(ctx.app, session);
    const res = await saveRole(session, 'buyer');
    expect(res.statusCode, res.body).toBe(200);
    expect(await here.request('chat.unread', {})).toMatchObject({ total: 0 });
    expect(here.closed).toBeNull();
  });
});
