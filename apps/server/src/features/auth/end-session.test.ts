import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, TEST_PASSWORD, type Session, type TestContext } from '../../test/test-app';
import { injectSocket } from '../../test/test-socket';
import { hashToken } from '../../sessions/sessions.service';
import { sessionFrom } from './auth-test-helpers';

/** Signing out one device from the session list: only the member's own, never this one, and it ends at once. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:131.0) Gecko/131.0 Firefox/131.0';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

let ipCount = 0;
async function signIn(email: string, userAgent = CHROME) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { email, password: TEST_PASSWORD },
    headers: { 'user-agent': userAgent },
    remoteAddress: `198.51.100.${++ipCount}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...sessionFrom(res), token: res.cookies.find((c) => c.name === 'sid')!.value };
}

type Listed = { id: string; current: boolean; userAgent: string };
async function listed(session: Session) {
  const res = await ctx.app.inject({ url: '/api/auth/sessions', headers: { cookie: session.cookie } });
  return { status: res.statusCode, sessions: (res.statusCode === 200 ? res.json().sessions : []) as Listed[] };
}
const endDevice = (session: Session, id: string) =>
  ctx.app.inject({
    method: 'DELETE',
    url: `/api/auth/sessions/${encodeURIComponent(id)}`,
    headers: { ...session.headers, 'user-agent': CHROME },
    remoteAddress: '203.0.113.9',
  });
const sessionRows = (userId: string) =>
  ctx.db.selectFrom('sessions').select('id').where('userId', '=', userId).orderBy('id').execute();
const eventsOf = (userId: string) =>
  ctx.db.selectFrom('accountEvents').select(['kind', 'ip', 'device']).where('userId', '=', userId).execute();

/** A member signed in on a desktop and on a phone, with the phone's id from the list. */
async function twoDevices() {
  const user = await createUser(ctx);
  const desktop = await signIn(user.email);
  ctx.clock.advance(1000);
  const phone = await signIn(user.email, FIREFOX_ANDROID);
  const phoneId = (await listed(desktop)).sessions.find((s) => s.userAgent === FIREFOX_ANDROID)!.id;
  return { user, desktop, phone, phoneId };
}

describe('DELETE /api/auth/sessions/:id', () => {
  it('lists each device with an id that is neither its cookie nor its stored key', async () => {
    const { desktop, phone } = await twoDevices();
    const { sessions } = await listed(desktop);
    expect(sessions).toHaveLength(2);
    const ids = sessions.map((s) => s.id);
    expect(new Set(ids).size).toBe(2);
    for (const secret of [desktop.token, phone.token, hashToken(desktop.token), hashToken(phone.token)])
      expect(JSON.stringify(sessions)).not.toContain(secret);
    expect(ids.every((id) => /^[A-Za-z0-9_-]{16,64}$/.test(id))).toBe(true);
  });

  it("ends another of the member's devices: its next request is signed out, this one goes on", async () => {
    const { user, desktop, phone, phoneId } = await twoDevices();
    const phoneSocket = await injectSocket(ctx.app, phone.cookie);
    await phoneSocket.next('hello');
    const desktopSocket = await injectSocket(ctx.app, desktop.cookie);
    await desktopSocket.next('hello');
    // The phone's session sits in the session cache.
    expect((await listed(phone)).status).toBe(200);

    const res = await endDevice(desktop, phoneId);
    expect(res.statusCode, res.body).toBe(204);

    expect((await listed(phone)).status).toBe(401);
    const after = await listed(desktop);
    expect(after.status).toBe(200);
    expect(after.sessions.map((s) => s.current)).toEqual([true]);
    expect(await sessionRows(user.id)).toEqual([{ id: hashToken(desktop.token) }]);
    expect(await phoneSocket.whenClosed()).toEqual({ code: 4001, reason: 'signed out' });
    expect(await desktopSocket.request('chat.unread', {})).toMatchObject({ total: 0 });
    await desktopSocket.close();
  });

  it('records it in the security activity, from the device that asked', async () => {
    const { user, desktop, phoneId } = await twoDevices();
    ctx.clock.advance(1000);
    expect((await endDevice(desktop, phoneId)).statusCode).toBe(204);
    const activity = await ctx.app.inject({ url: '/api/profile/activity', headers: { cookie: desktop.cookie } });
    expect(activity.json().items[0]).toEqual({
      id: expect.any(String),
      kind: 'signed_out_device',
      at: ctx.clock.now(),
      ip: '203.0.113.9',
      device: 'Chrome on a desktop',
    });
    expect((await eventsOf(user.id)).map((e) => e.kind).sort()).toEqual(['signed_out_device', 'signin', 'signin']);
  });

  it("answers 404 for another member's device and changes nothing", async () => {
    const { user: owner, phone, phoneId } = await twoDevices();
    const stranger = await createUser(ctx);
    const strangerSession = await signIn(stranger.email);
    const rowsBefore = await sessionRows(owner.id);
    const res = await endDevice(strangerSession, phoneId);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('That device is not signed in to your account.');
    expect(await sessionRows(owner.id)).toEqual(rowsBefore);
    expect((await listed(phone)).status).toBe(200);
    expect((await eventsOf(stranger.id)).map((e) => e.kind)).toEqual(['signin']);
  });

  it.each([
    ['an id that does not exist', 'AAAAAAAAAAAAAAAAAAAAAA'],
    ['a malformed id', 'not a session id!'],
    ["a device's stored key", 'stored'],
    ["a device's cookie token", 'token'],
  ])('answers 404 for %s and changes nothing', async (_name, id) => {
    const { user, desktop, phone } = await twoDevices();
    const rowsBefore = await sessionRows(user.id);
    const target = id === 'stored' ? hashToken(phone.token) : id === 'token' ? phone.token : id;
    const res = await endDevice(desktop, target);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('That device is not signed in to your account.');
    expect(await sessionRows(user.id)).toEqual(rowsBefore);
    expect((await eventsOf(user.id)).map((e) => e.kind)).toEqual(['signin', 'signin']);
  });

  it('refuses to end the device asking, pointing at Sign out', async () => {
    const { user, desktop } = await twoDevices();
    const own = (await listed(desktop)).sessions.find((s) => s.current)!.id;
    const res = await endDevice(desktop, own);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'CURRENT_SESSION',
      message: 'This is the device you are using. To sign out here, use Sign out.',
    });
    expect((await listed(desktop)).sessions).toHaveLength(2);
    expect((await sessionRows(user.id)).length).toBe(2);
  });

  it('needs someone signed in, and the CSRF token', async () => {
    const { user, desktop, phoneId } = await twoDevices();
    const signedOut = await ctx.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${phoneId}` });
    expect(signedOut.statusCode).toBe(401);
    const noCsrf = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${phoneId}`,
      headers: { cookie: desktop.cookie },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect((await sessionRows(user.id)).length).toBe(2);
  });
});
