import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createTestApp, userWithSession, type TestContext } from '../../test/test-app';
import { post, tokenFrom } from './auth-test-helpers';
import { PUBLIC_URL, addPasskey, newAuthenticator } from './passkeys-test-helpers';
import { mailTo } from '../../test/two-factor-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL });
});
afterAll(() => ctx.close());

const SUBJECT = 'Your Accountry password was changed';

describe('the mail when the password changes', () => {
  it('tells the owner, and names the passkeys that a new password does not turn off', async () => {
    const { user, session } = await userWithSession(ctx, 'buyer');
    expect((await addPasskey(ctx, session, newAuthenticator(), { name: 'Work laptop' })).statusCode).toBe(201);
    expect((await addPasskey(ctx, session, newAuthenticator(), { name: 'Phone' })).statusCode).toBe(201);
    const res = await post(
      ctx,
      '/api/profile/password',
      { currentPassword: TEST_PASSWORD, newPassword: 'Lantern-Orbit-93' },
      { headers: session.headers },
    );
    expect(res.statusCode, res.body).toBe(204);
    const mail = await mailTo(ctx, user.email, SUBJECT);
    expect(mail?.text).toContain('The password of your account was changed. Your other devices were signed out.');
    expect(mail?.text).toContain(
      'Your account also signs in with these 2 passkeys, which a new password does not change: “Phone”, ' +
        '“Work laptop”. Remove any you do not recognise from your profile.',
    );
  });

  it('is sent after a reset by link too; without passkeys it says nothing of them', async () => {
    const { user } = await userWithSession(ctx, 'buyer');
    expect((await post(ctx, '/api/auth/password-reset/request', { email: user.email })).statusCode).toBe(200);
    const token = tokenFrom(await mailTo(ctx, user.email, 'Reset your Accountry password'), '/reset-password');
    const res = await post(ctx, '/api/auth/password-reset/confirm', { token, password: 'Lantern-Orbit-93' });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await mailTo(ctx, user.email, SUBJECT);
    expect(mail?.text).toContain('The password of your account was reset from a link we emailed.');
    expect(mail?.text).not.toContain('passkey');
  });
});
