import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createTestApp, createUser, userWithSession, type TestContext } from '../../test/test-app';
import { tokenFrom, uniqueEmail } from './auth-test-helpers';
import { mailedSetupCode, twoFactorCall } from '../../test/two-factor-helpers';
import { totpCode } from './two-factor-codes';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://market.example' });
});
afterAll(() => ctx.close());

const HOUR = 60 * 60 * 1000;
type Member = Awaited<ReturnType<typeof userWithSession>>;
const ask = (m: Member, email: string, password = TEST_PASSWORD) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/profile/email',
    headers: m.session.headers,
    payload: { email, password },
  });
const confirm = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/confirm-email-change', payload: { token } });
const emailOf = async (id: string) =>
  await ctx.db.selectFrom('users').select(['email', 'emailVerified']).where('id', '=', id).executeTakeFirstOrThrow();
const sent = (email: string) =>
  `We sent a link to ${email}. Open it within 24 hours to confirm your new address; until then, your current address stays.`;

describe('changing the email address', () => {
  it('takes effect only through the link mailed to the new address; the old address hears of both steps', async () => {
    const member = await userWithSession(ctx, 'buyer', { displayName: 'Cam Changer' });
    const next = uniqueEmail('next');
    const res = await ask(member, next.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: sent(next) });
    expect(await emailOf(member.user.id)).toEqual({ email: member.user.email, emailVerified: true });

    const link = await ctx.lastMail(next);
    expect(link?.subject).toBe('Confirm your new email address for Accountry');
    const notice = await ctx.lastMail(member.user.email);
    expect(notice?.subject).toBe('A change of your Accountry email address');
    expect(notice?.text).toContain(`A change of your account's address to ${next} was asked for.`);

    const token = tokenFrom(link, '/confirm-email');
    const done = await confirm(token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ email: next });
    expect(await emailOf(member.user.id)).toEqual({ email: next, emailVerified: true });
    expect((await ctx.lastMail(member.user.email))?.subject).toBe('Your Accountry email address was changed');
    // The session shows the new address at once, and the link works once.
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: member.session.headers });
    expect(me.json().user.email).toBe(next);
    expect((await confirm(token)).statusCode).toBe(400);
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: next, password: TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('refuses a wrong password and the same address, and answers alike for a taken address without mailing it', async () => {
    const member = await userWithSession(ctx, 'seller');
    const wrong = await ask(member, uniqueEmail(), 'Not-The-Password-1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ password: 'Your current password is incorrect.' });
    const same = await ask(member, member.user.email);
    expect(same.statusCode).toBe(400);
    expect(same.json().error.fields).toEqual({ email: 'That is already your email address.' });

    const other = await createUser(ctx, { email: uniqueEmail('taken') });
    const taken = await ask(member, other.email);
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ message: sent(other.email) });
    expect(await ctx.mailsTo(other.email)).toHaveLength(0);
  });

  it('keeps one open link, expires it after 24 hours, and refuses an address taken meanwhile', async () => {
    const member = await userWithSession(ctx, 'buyer');
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await ask(member, first);
    ctx.clock.advance(2 * 60_000);
    await ask(member, second);
    const firstToken = tokenFrom(await ctx.lastMail(first), '/confirm-email');
    const secondToken = tokenFrom(await ctx.lastMail(second), '/confirm-email');
    expect((await confirm(firstToken)).json().error.message).toBe('This link is invalid or has already been used.');

    await createUser(ctx, { email: second });
    const raced = await confirm(secondToken);
    expect(raced.statusCode).toBe(409);
    expect(raced.json().error.message).toBe(
      'Another account uses that address now. Ask for a change to another address.',
    );
    expect((await emailOf(member.user.id)).email).toBe(member.user.email);

    const third = uniqueEmail('third');
    ctx.clock.advance(2 * 60_000);
    await ask(member, third);
    const thirdToken = tokenFrom(await ctx.lastMail(third), '/confirm-email');
    ctx.clock.advance(24 * HOUR);
    expect((await confirm(thirdToken)).statusCode).toBe(400);
    expect((await emailOf(member.user.id)).email).toBe(member.user.email);
  });

  it('retires the reset links mailed to the old address', async () => {
    const member = await userWithSession(ctx, 'buyer');
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/request',
      payload: { email: member.user.email },
    });
    expect(reset.statusCode).toBe(200);
    const resetToken = tokenFrom(await ctx.lastMail(member.user.email), '/reset-password');
    const next = uniqueEmail('moved');
    await ask(member, next);
    expect((await confirm(tokenFrom(await ctx.lastMail(next), '/confirm-email'))).statusCode).toBe(200);
    const status = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/status',
      payload: { token: resetToken },
    });
    expect(status.statusCode).toBe(400);
  });
});

describe('a pending change when the password changes', () => {
  it('stops working after a password change or a reset: the owner who was warned can end it', async () => {
    for (const how of ['change', 'reset'] as const) {
      const member = await userWithSession(ctx, 'buyer');
      const attacker = uniqueEmail('attacker');
      await ask(member, attacker);
      const token = tokenFrom(await ctx.lastMail(attacker), '/confirm-email');
      if (how === 'change') {
        const changed = await ctx.app.inject({
          method: 'POST',
          url: '/api/profile/password',
          headers: member.session.headers,
          payload: { currentPassword: TEST_PASSWORD, newPassword: 'Owner-Takes-Back-77' },
        });
        expect(changed.statusCode).toBe(204);
      } else {
        await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/password-reset/request',
          payload: { email: member.user.email },
        });
        const resetToken = tokenFrom(await ctx.lastMail(member.user.email), '/reset-password');
        const reset = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/password-reset/confirm',
          payload: { token: resetToken, password: 'Owner-Takes-Back-77' },
        });
        expect(reset.statusCode).toBe(200);
      }
      const late = await confirm(token);
      expect(late.statusCode).toBe(400);
      expect(late.json().error.message).toBe('This link is invalid or has already been used.');
      expect((await emailOf(member.user.id)).email).toBe(member.user.email);
    }
  });

  it('answers and mails the asker alike whether or not the new address is taken', async () => {
    const member = await userWithSession(ctx, 'buyer');
    const taken = await createUser(ctx, { email: uniqueEmail('owned') });
    const free = uniqueEmail('free');
    await ask(member, free);
    const firstToken = tokenFrom(await ctx.lastMail(free), '/confirm-email');
    ctx.clock.advance(2 * 60_000);
    await ask(member, taken.email);
    // The notice went to the asker both times, and the earlier link stopped both times.
    const notices = (await ctx.mailsTo(member.user.email)).map((m) => m.subject);
    expect(notices).toEqual(['A change of your Accountry email address', 'A change of your Accountry email address']);
    expect((await confirm(firstToken)).statusCode).toBe(400);
  });
});

describe('a pending change when two-factor sign-in is turned on', () => {
  it('stops working: it was asked with the password alone, and with two-factor on no undo link would follow', async () => {
    const member = await userWithSession(ctx, 'buyer');
    const attacker = uniqueEmail('attacker');
    await ask(member, attacker);
    const token = tokenFrom(await ctx.lastMail(attacker), '/confirm-email');
    // The owner, warned by the notice, turns on two-factor sign-in.
    const setup = await twoFactorCall(ctx, member.session, '/setup', { password: TEST_PASSWORD });
    expect(setup.statusCode).toBe(200);
    const code = totpCode(setup.json().secret, ctx.clock.now());
    const emailCode = await mailedSetupCode(ctx, member.user.email);
    expect((await twoFactorCall(ctx, member.session, '/enable', { code, emailCode })).statusCode).toBe(200);

    const late = await confirm(token);
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toBe('This link is invalid or has already been used.');
    expect((await emailOf(member.user.id)).email).toBe(member.user.email);
  });
});
