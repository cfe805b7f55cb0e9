import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@accountry/shared/auth-messages';
import { createTestApp, createUser, type TestContext } from '../../test/test-app';
import { AUTH_POLICY } from './auth-policy';
import { post, signInVia, signUpVia, tokenFrom, uniqueEmail } from './auth-test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const verified = async (email: string) =>
  (await ctx.db.selectFrom('users').select('emailVerified').where('email', '=', email).executeTakeFirstOrThrow())
    .emailVerified;
const verify = (token: unknown) => post(ctx, '/api/auth/verify-email', { token });
const resend = (email: unknown) => post(ctx, '/api/auth/resend-verification', { email });
const mailsTo = (email: string) => ctx.mailsTo(email);

describe('email verification', () => {
  it('the mailed link verifies the address once; then sign-in works', async () => {
    const { body } = await signUpVia(ctx);
    const token = tokenFrom(await ctx.lastMail(body.email), '/verification-sent');
    const res = await verify(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: body.email });
    expect(await verified(body.email)).toBe(true);
    expect((await signInVia(ctx, body.email, body.password)).statusCode).toBe(200);

    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({ code: 'LINK_INVALID', message: ACCOUNT_MESSAGES.linkInvalid });
  });

  it('an expired link is refused and changes nothing', async () => {
    const { body } = await signUpVia(ctx);
    const token = tokenFrom(await ctx.lastMail(body.email), '/verification-sent');
    ctx.clock.advance(AUTH_POLICY.verifyLinkTtlMs);
    const res = await verify(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'LINK_EXPIRED', message: ACCOUNT_MESSAGES.linkExpired });
    expect(await verified(body.email)).toBe(false);
  });

  it.each([
    ['an unknown token', 'x'.repeat(43)],
    ['a short token', 'abc'],
    ['a huge token', 'x'.repeat(50_000)],
    ['a token of the wrong type', 12345],
    ['no token', undefined],
  ])('refuses %s', async (_name, token) => {
    const res = await verify(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(ACCOUNT_MESSAGES.linkInvalid);
  });

  it('a reset link is not a verification link', async () => {
    const user = await createUser(ctx, { emailVerified: false });
    await post(ctx, '/api/auth/password-reset/request', { email: user.email });
    const resetToken = tokenFrom(await ctx.lastMail(user.email), '/reset-password');
    expect((await verify(resetToken)).json().error.code).toBe('LINK_INVALID');
    expect(await verified(user.email)).toBe(false);
  });
});

describe('resending the verification mail', () => {
  it('mails a new link to an unverified account, at most once a minute', async () => {
    const { body } = await signUpVia(ctx);
    // The sign-up mail counts: asking again at once is too soon.
    const soon = await resend(body.email);
    expect(soon.statusCode).toBe(429);
    expect(soon.json().error.message).toBe(ACCOUNT_MESSAGES.mailTooSoon);
    expect(await mailsTo(body.email)).toHaveLength(1);

    ctx.clock.advance(AUTH_POLICY.mailCooldownMs);
    const res = await resend(body.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.verificationResent });
    expect(await mailsTo(body.email)).toHaveLength(2);
    // Either link works until one is used; then both are spent.
    const [first, second] = (await mailsTo(body.email)).map((m) => tokenFrom(m, '/verification-sent'));
    expect((await verify(second)).statusCode).toBe(200);
    expect((await verify(first)).json().error.code).toBe('LINK_INVALID');
  });

  it('answers the same for unknown, verified and unverified addresses, mailing only the unverified one', async () => {
    const verifiedUser = await createUser(ctx);
    const unknown = uniqueEmail('ghost');
    const disabled = await createUser(ctx, { emailVerified: false, disabled: true });
    const answers = [];
    for (const email of [unknown, verifiedUser.email, disabled.email]) {
      const res = await resend(email);
      answers.push([res.statusCode, res.json()]);
    }
    expect(answers).toEqual(Array(3).fill([200, { message: ACCOUNT_MESSAGES.verificationResent }]));
    expect(
      (await mailsTo(unknown)).length +
        (await mailsTo(verifiedUser.email)).length +
        (await mailsTo(disabled.email)).length,
    ).toBe(0);
    // The cooldown holds for an unknown address too, so it gives nothing away.
    expect((await resend(unknown)).statusCode).toBe(429);
  });

  it('allows five mails an hour per address', async () => {
    const user = await createUser(ctx, { emailVerified: false });
    const codes: number[] = [];
    for (let i = 0; i < AUTH_POLICY.mailsPerHour + 1; i++) {
      codes.push((await resend(user.email)).statusCode);
      ctx.clock.advance(AUTH_POLICY.mailCooldownMs);
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await resend(user.email)).json().error.message).toBe(ACCOUNT_MESSAGES.mailTooMany);
    expect(await mailsTo(user.email)).toHaveLength(5);
  });

  it('answers at once when the mail server fails, and the mail goes out on a later attempt', async () => {
    const user = await createUser(ctx, { emailVerified: false });
    const send = ctx.mailer.send;
    ctx.mailer.send = async () => {
      throw new Error('SMTP down');
    };
    try {
      const res = await resend(user.email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.verificationResent });
      expect(await mailsTo(user.email)).toHaveLength(0);
    } finally {
      ctx.mailer.send = send;
    }
    ctx.clock.advance(60_000);
    const [mail] = await mailsTo(user.email);
    expect(mail.subject).toBe('Verify your email for Accountry');
  });

  it('refuses a malformed address', async () => {
    for (const email of ['nope', 7, 'x'.repeat(500)]) {
      const res = await resend(email);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.email).toBe('Please enter a valid email address.');
    }
  });
});
