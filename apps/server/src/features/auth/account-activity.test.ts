import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createTestApp, userWithSession, type Session, type TestContext } from '../../test/test-app';
import { mailedSetupCode, nextCode, twoFactorCall } from '../../test/two-factor-helpers';
import { STRONG_PASSWORD, post, sessionFrom, uniqueEmail } from './auth-test-helpers';
import { addPasskey, newAuthenticator } from './passkeys-test-helpers';
import { eraseDueAccounts } from '../admin/account-erasure.service';

/** A member's security activity (decision 178): what happened to the ways into their account, and from where. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://market.example' });
});
afterAll(() => ctx.close());

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const activity = async (session: Session, cursor?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/profile/activity${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
    headers: session.headers,
  });
const kinds = async (session: Session) =>
  ((await activity(session)).json().items as Array<{ kind: string }>).map((e) => e.kind);
const signIn = async (email: string, password = TEST_PASSWORD) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { email, password },
    headers: { 'user-agent': CHROME },
    remoteAddress: '203.0.113.7',
  });

describe('security activity', () => {
  it('lists sign-ins and changes to the ways in, newest first, with where a sign-in came from', async () => {
    const { user } = await userWithSession(ctx, 'seller');
    const signedIn = await signIn(user.email);
    expect(signedIn.statusCode).toBe(200);
    const session = sessionFrom(signedIn);
    expect((await activity(session)).json()).toEqual({
      items: [
        {
          id: expect.any(String),
          kind: 'signin',
          at: ctx.clock.now(),
          ip: '203.0.113.7',
          device: 'Chrome on a desktop',
        },
      ],
      nextCursor: null,
    });

    ctx.clock.advance(1000);
    expect((await addPasskey(ctx, session, newAuthenticator())).statusCode).toBe(201);
    ctx.clock.advance(1000);
    const setup = await twoFactorCall(ctx, session, '/setup', { password: TEST_PASSWORD });
    const emailCode = await mailedSetupCode(ctx, user.email);
    const on = await twoFactorCall(ctx, session, '/enable', { code: nextCode(ctx, setup.json().secret), emailCode });
    expect(on.statusCode).toBe(200);
    ctx.clock.advance(1000);
    const changed = await post(
      ctx,
      '/api/profile/password',
      { currentPassword: TEST_PASSWORD, newPassword: STRONG_PASSWORD, code: on.json().recoveryCodes[0] },
      { ...session, ip: '198.51.100.4' },
    );
    expect(changed.statusCode, changed.body).toBe(204);
    const items = (await activity(session)).json().items;
    expect(items.map((e: { kind: string }) => e.kind)).toEqual([
      'password_changed',
      'two_factor_on',
      'passkey_added',
      'signin',
    ]);
    expect(items[0]).toMatchObject({ ip: '198.51.100.4', device: null });
    // The member's own changes say where they came from too.
    expect(items[2]).toMatchObject({ kind: 'passkey_added', ip: expect.any(String) });
    expect(items[1]).toMatchObject({ kind: 'two_factor_on', ip: expect.any(String) });

    // A sign-in with a recovery code says so.
    ctx.clock.advance(1000);
    const withRecovery = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: user.email, password: STRONG_PASSWORD, code: on.json().recoveryCodes[1] },
    });
    expect(withRecovery.statusCode, withRecovery.body).toBe(200);
    expect((await kinds(session))[0]).toBe('signin_recovery_code');

    // Another member sees only their own.
    const other = await userWithSession(ctx, 'buyer');
    expect(await kinds(other.session)).toEqual([]);
  });

  it('shows the whole address a sign-in came from, an IPv6 one too (only limits count it by its /64)', async () => {
    const { user } = await userWithSession(ctx, 'buyer');
    const signedIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: user.email, password: TEST_PASSWORD },
      remoteAddress: '2001:db8:5:6:7:8:9:a',
    });
    expect(signedIn.statusCode).toBe(200);
    expect((await activity(sessionFrom(signedIn))).json().items[0]).toMatchObject({
      kind: 'signin',
      ip: '2001:db8:5:6:7:8:9:a',
    });
  });

  it('pages twenty at a time, and refuses a cursor that was tampered with', async () => {
    const { user } = await userWithSession(ctx, 'buyer');
    let session: Session | undefined;
    for (let i = 0; i < 23; i++) {
      ctx.clock.advance(1000);
      session = sessionFrom(await signIn(user.email));
    }
    const first = (await activity(session!)).json();
    expect(first.items).toHaveLength(20);
    const second = (await activity(session!, first.nextCursor)).json();
    expect(second).toMatchObject({ nextCursor: null });
    expect(second.items).toHaveLength(3);
    expect(second.items[0].at).toBeLessThan(first.items[19].at);
    const bad = await activity(session!, 'not-a-cursor');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('The page link has expired. Please start again from the first page.');
  });

  it('shows a year, and the hourly erasure run removes what is older', async () => {
    const { user } = await userWithSession(ctx, 'buyer');
    expect((await signIn(user.email)).statusCode).toBe(200);
    ctx.clock.advance(366 * 24 * 60 * 60 * 1000);
    const session = sessionFrom(await signIn(user.email));
    const rows = () => ctx.db.selectFrom('accountEvents').select('id').where('userId', '=', user.id).execute();
    // The year-old sign-in is not shown even before the purge reaches it.
    expect(await kinds(session)).toEqual(['signin']);
    expect(await rows()).toHaveLength(2);
    await eraseDueAccounts(ctx.deps);
    expect(await rows()).toHaveLength(1);
  });

  it('keeps a year, records signing out everywhere and an address change, and needs a session', async () => {
    const { user, session } = await userWithSession(ctx, 'buyer');
    await post(ctx, '/api/profile/email', { email: uniqueEmail('next'), password: TEST_PASSWORD }, session);
    ctx.clock.advance(366 * 24 * 60 * 60 * 1000);
    const fresh = sessionFrom(await signIn(user.email));
    expect(await kinds(fresh)).toEqual(['signin']);
    ctx.clock.advance(1000);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/signout-everywhere', headers: fresh.headers });
    expect(out.statusCode).toBe(204);
    ctx.clock.advance(1000);
    const back = sessionFrom(await signIn(user.email));
    expect(await kinds(back)).toEqual(['signin', 'signed_out_everywhere', 'signin']);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/profile/activity' })).statusCode).toBe(401);
  });
});
