import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createTestApp, userWithSession, type TestContext } from '../../test/test-app';
import { mailedSetupCode, memberWithTwoFactor, twoFactorCall } from '../../test/two-factor-helpers';
import { totpCode } from './two-factor-codes';

/** A new mailed code for the key being set up (decision 175), when the first mail is late or lost. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://market.example' });
});
afterAll(() => ctx.close());

const MINUTE = 60_000;
const resend = (session: Parameters<typeof twoFactorCall>[1]) => twoFactorCall(ctx, session, '/setup/email-code', {});

describe('a new code for the two-factor set-up', () => {
  it('keeps the key in the app, retires the earlier code and starts the set-up time again', async () => {
    const { user, session } = await userWithSession(ctx, 'buyer');
    const { secret } = (await twoFactorCall(ctx, session, '/setup', { password: TEST_PASSWORD })).json();
    const first = await mailedSetupCode(ctx, user.email);
    // The set-up's own mail counts: one a minute to an address.
    const tooSoon = await resend(session);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().error.message).toBe('Please wait a minute before asking for another email.');

    ctx.clock.advance(14 * MINUTE);
    const sent = await resend(session);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ emailedTo: user.email });
    expect(sent.headers['cache-control']).toBe('no-store');
    const second = await mailedSetupCode(ctx, user.email);

    // 28 minutes after the set-up, 14 after the new code: the same key still turns on, with the new code only.
    ctx.clock.advance(14 * MINUTE);
    if (first !== second) {
      const old = await twoFactorCall(ctx, session, '/enable', {
        code: totpCode(secret, ctx.clock.now()),
        emailCode: first,
      });
      expect(old.json().error.fields).toEqual({
        emailCode: 'That is not the code we emailed. Enter the code from the latest email we sent you.',
      });
      ctx.clock.advance(30_000);
    }
    const on = await twoFactorCall(ctx, session, '/enable', {
      code: totpCode(secret, ctx.clock.now()),
      emailCode: second,
    });
    expect(on.statusCode, on.body).toBe(200);
  });

  it('sends nothing without a set-up in time, or once it is on', async () => {
    const { user, session } = await userWithSession(ctx, 'buyer');
    const none = await resend(session);
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toBe('Start again: the key shown has expired or was replaced.');
    await twoFactorCall(ctx, session, '/setup', { password: TEST_PASSWORD });
    ctx.clock.advance(16 * MINUTE);
    expect((await resend(session)).json().error.message).toBe(
      'Start again: the key shown has expired or was replaced.',
    );
    const mails = (await ctx.mailsTo(user.email)).filter(
      (m) => m.subject === 'Your code to turn on two-factor sign-in at Accountry',
    );
    expect(mails).toHaveLength(1);

    const on = await memberWithTwoFactor(ctx);
    ctx.clock.advance(2 * MINUTE);
    const already = await resend(on.session);
    expect(already.statusCode).toBe(409);
    expect(already.json().error.message).toBe('Two-factor sign-in is already on.');
  });

  it('needs a session and its CSRF token', async () => {
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/profile/two-factor/setup/email-code' });
    expect(anonymous.statusCode).toBe(401);
    const { session } = await userWithSession(ctx, 'buyer');
    const noCsrf = await ctx.app.inject({
      method: 'POST',
      url: '/api/profile/two-factor/setup/email-code',
      headers: { cookie: session.headers.cookie },
    });
    expect(noCsrf.statusCode).toBe(403);
  });
});
