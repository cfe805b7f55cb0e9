import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, userWithSession, type Session, type TestContext } from '../../test/test-app';
import { post } from './auth-test-helpers';
import { mailTo, memberWithTwoFactor, signInWithCode } from '../../test/two-factor-helpers';

let ctx: TestContext;
let admin: Session;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://market.example' });
  admin = (await userWithSession(ctx, 'admin')).session;
});
afterAll(() => ctx.close());

const turnOff = (session: Session, userId: string, body: object) =>
  post(ctx, `/api/admin/users/${userId}/two-factor/disable`, body, { headers: session.headers });
const detail = async (userId: string) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/admin/users/${userId}`, headers: admin.headers })).json();

describe('support turns off a member’s two-factor sign-in', () => {
  it('with a reason: the password alone signs in again, the member is mailed and the audit log says why', async () => {
    const { user } = await memberWithTwoFactor(ctx);
    expect((await detail(user.id)).twoFactor).toBe(true);
    const noReason = await turnOff(admin, user.id, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.message).toContain('Say how the member proved who they are.');

    const reason = 'Lost phone and codes; confirmed by a video call with ID on 29 Nov';
    const res = await turnOff(admin, user.id, { reason });
    expect(res.statusCode).toBe(200);
    expect(res.json().twoFactor).toBe(false);
    expect((await signInWithCode(ctx, user.email)).statusCode).toBe(200);
    const mail = await mailTo(ctx, user.email, 'Support turned off two-factor sign-in on your Accountry account');
    expect(mail?.text).toContain('signing in now takes only your password');
    const audit = await ctx.db
      .selectFrom('auditLog')
      .selectAll()
      .where('targetId', '=', user.id)
      .where('action', '=', 'user.two_factor_off')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(audit.details))).toEqual({ reason });

    const again = await turnOff(admin, user.id, { reason });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Two-factor sign-in is not on.');
  });

  it('only an admin, and not on their own account', async () => {
    const { user, session } = await memberWithTwoFactor(ctx);
    expect((await turnOff(session, user.id, { reason: 'me' })).statusCode).toBe(403);
    const self = await userWithSession(ctx, 'admin');
    const own = await turnOff(self.session, self.user.id, { reason: 'mine' });
    expect(own.statusCode).toBe(409);
    expect(own.json().error.message).toBe('Turn off your own two-factor sign-in from your profile.');
    expect((await detail(user.id)).twoFactor).toBe(true);
  });
});
