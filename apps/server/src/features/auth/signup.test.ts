import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_MESSAGES } from '@accountry/shared/account-rules';
import { SIGN_IN_MESSAGES } from '@accountry/shared/auth-messages';
import { createTestApp, createUser, type TestContext } from '../../test/test-app';
import { countRows, freshIp, post, signUpVia, STRONG_PASSWORD, tokenFrom, uniqueEmail } from './auth-test-helpers';
import { verifyPassword } from '../../lib/password';
import { settleAfterReplies } from '../../lib/after-reply';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** A sign-up, and what it does after its reply (decision 227). */
async function signUp(payload: object, opts?: Parameters<typeof post>[3]) {
  const res = await post(ctx, '/api/auth/signup', payload, opts);
  await settleAfterReplies(ctx.deps);
  return res;
}

const userByEmail = (email: string) =>
  ctx.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

describe('POST /api/auth/signup', () => {
  it('creates an unverified account with a hashed password and mails a single-use verification link', async () => {
    const email = uniqueEmail('New.Person');
    const { res } = await signUpVia(ctx, {
      email: `  ${email.toUpperCase()} `,
      displayName: '  Nova   Trades ',
      phoneNumber: '+44 20 7946 0102',
      role: 'seller',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ email: email.toLowerCase() });
    expect(res.cookies).toEqual([]);
    const user = (await userByEmail(email.toLowerCase()))!;
    expect(user).toMatchObject({
      displayName: 'Nova Trades',
      phoneNumber: '+44 20 7946 0102',
      role: 'seller',
      emailVerified: false,
      disabled: false,
      profileComplete: true,
    });
    expect(user.createdAt).toBe(ctx.clock.now());
    expect(user.passwordHash).not.toContain(STRONG_PASSWORD);
    expect(await verifyPassword(STRONG_PASSWORD, user.passwordHash)).toBe(true);
    const mail = (await ctx.lastMail(email.toLowerCase()))!;
    expect(mail.subject).toBe('Verify your email for Accountry');
    expect(mail.html).toContain('/verification-sent?token=');
    const token = tokenFrom(mail, '/verification-sent');
    const stored = await ctx.db.selectFrom('authTokens').selectAll().where('userId', '=', user.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0].id).not.toBe(token);
    expect(stored[0]).toMatchObject({
      purpose: 'verify_email',
      usedAt: null,
      expiresAt: ctx.clock.now() + 24 * 3600_000,
    });
  });

  it('applies the spec defaults: display name Anonymous, no phone, role buyer', async () => {
    const email = uniqueEmail();
    const res = await signUp({ email, password: STRONG_PASSWORD });
    expect(res.statusCode).toBe(201);
    expect(await userByEmail(email)).toMatchObject({ displayName: 'Anonymous', phoneNumber: '', role: 'buyer' });
  });

  it('answers a taken address exactly like a new one, changes nothing and tells the owner instead', async () => {
    const existing = await createUser(ctx, { email: 'taken@example.test' });
    const before = await countRows(ctx, 'users');
    const fresh = uniqueEmail('fresh');
    const taken = await signUp({ email: ' TAKEN@Example.test', password: STRONG_PASSWORD });
    const created = await signUp({ email: fresh, password: STRONG_PASSWORD });
    expect([taken.statusCode, created.statusCode]).toEqual([201, 201]);
    expect(taken.json()).toEqual({ email: 'taken@example.test' });
    expect(created.json()).toEqual({ email: fresh });
    expect(Object.keys(taken.headers).sort()).toEqual(Object.keys(created.headers).sort());
    expect(await countRows(ctx, 'users')).toBe(before + 1);
    expect((await userByEmail('taken@example.test'))!.passwordHash).toBe(existing.passwordHash);
    const [note] = await ctx.mailsTo('taken@example.test');
    expect(note.subject).toBe('Someone tried to sign up to Accountry with your email');
    expect(note.text).toContain(
      'Someone just tried to create a new Accountry account with this email address, which already has one.',
    );
    expect(note.text).toContain('/signin');
    expect(note.text).not.toContain('token=');
    // Repeated attempts do not flood the owner: the account-mail limit applies, silently.
    await signUp({ email: 'taken@example.test', password: STRONG_PASSWORD });
    expect(await ctx.mailsTo('taken@example.test')).toHaveLength(1);
  });

  it('answers at once when the mail server fails, keeps the account and sends the mail on a later attempt', async () => {
    const email = uniqueEmail();
    const send = ctx.mailer.send;
    ctx.mailer.send = async () => {
      throw new Error('SMTP connection refused');
    };
    try {
      const res = await signUp({ email, password: STRONG_PASSWORD });
      expect(res.statusCode).toBe(201);
      expect(await userByEmail(email)).toBeDefined();
      expect(await ctx.mailsTo(email)).toHaveLength(0);
    } finally {
      ctx.mailer.send = send;
    }
    ctx.clock.advance(60_000);
    expect((await ctx.lastMail(email))!.subject).toBe('Verify your email for Accountry');
  });

  it('two sign-ups racing for one address create one account and answer alike', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all([0, 1, 2].map(() => signUp({ email, password: STRONG_PASSWORD })));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const rows = await ctx.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
  });

  const valid = () => ({
    email: uniqueEmail('bad'),
    password: STRONG_PASSWORD,
    displayName: 'Good Name',
    phoneNumber: '',
    role: 'buyer',
  });
  it.each([
    ['admin role', { role: 'admin' }, 'role', 'Role must be one of: buyer, seller, both'],
    ['unknown role', { role: 'moderator' }, 'role', 'Role must be one of: buyer, seller, both'],
    ['role of the wrong type', { role: ['admin'] }, 'role', 'Role must be one of: buyer, seller, both'],
    ['invalid email', { email: 'not-an-email' }, 'email', SIGN_IN_MESSAGES.invalidEmail],
    ['email of the wrong type', { email: 12 }, 'email', SIGN_IN_MESSAGES.invalidEmail],
    ['huge email', { email: `${'a'.repeat(50_000)}@example.test` }, 'email', SIGN_IN_MESSAGES.invalidEmail],
    ['short password', { password: 'Ab1-xyz' }, 'password', FIELD_MESSAGES.passwordTooShort],
    ['letters-only password', { password: 'OnlyLettersHere' }, 'password', FIELD_MESSAGES.passwordNeedsOther],
    ['common password', { password: 'Password123' }, 'password', FIELD_MESSAGES.passwordTooCommon],
    ['huge password', { password: 'Abc-123-'.repeat(6_000) }, 'password', FIELD_MESSAGES.passwordTooLong],
    [
      'password holding the address',
      { email: 'jordan.lee@example.test', password: 'jordan.lee-2026!' },
      'password',
      FIELD_MESSAGES.passwordContainsEmail,
    ],
    ['missing password', { password: undefined }, 'password', FIELD_MESSAGES.passwordRequired],
    ['password of the wrong type', { password: 1234567890123 }, 'password', FIELD_MESSAGES.passwordRequired],
    ['one-letter display name', { displayName: 'X' }, 'displayName', FIELD_MESSAGES.displayNameLength],
    ['huge display name', { displayName: 'x'.repeat(50_000) }, 'displayName', FIELD_MESSAGES.displayNameLength],
    ['markup in the display name', { displayName: '<img src=x>' }, 'displayName', FIELD_MESSAGES.displayNameChars],
    ['a staff name', { displayName: 'Accountry support' }, 'displayName', FIELD_MESSAGES.displayNameReserved],
    ['a disguised staff name', { displayName: 'Аdm1n Tеam' }, 'displayName', FIELD_MESSAGES.displayNameReserved],
    ['a zero-width space in the name', { displayName: 'Ann\u200BLee' }, 'displayName', FIELD_MESSAGES.displayNameChars],
    [
      'display name of the wrong type',
      { displayName: { first: 'A' } },
      'displayName',
      FIELD_MESSAGES.displayNameLength,
    ],
    ['letters in the phone number', { phoneNumber: 'call me maybe' }, 'phoneNumber', FIELD_MESSAGES.phoneInvalid],
    ['phone number of the wrong type', { phoneNumber: 5550100 }, 'phoneNumber', FIELD_MESSAGES.phoneInvalid],
    ['an unknown field', { emailVerified: true }, 'emailVerified', 'Unknown field: emailVerified'],
    ['a smuggled disabled flag', { disabled: false, role: 'buyer' }, 'disabled', 'Unknown field: disabled'],
  ])('refuses %s with a 400 naming the field and creates nothing', async (_name, over, field, message) => {
    const before = await countRows(ctx, 'users');
    await ctx.deliverMail();
    const sent = ctx.mailer.sent.length;
    const body = { ...valid(), ...over };
    const res = await signUp(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.json().error.fields[field]).toBe(message);
    expect(await countRows(ctx, 'users')).toBe(before);
    await ctx.deliverMail();
    expect(ctx.mailer.sent.length).toBe(sent);
  });

  it('refuses a body that is not a JSON object', async () => {
    const before = await countRows(ctx, 'users');
    for (const payload of ['"just a string"', '[1,2]', '{"email":']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload,
        headers: { 'content-type': 'application/json' },
        remoteAddress: freshIp(),
      });
      expect(res.statusCode).toBe(400);
    }
    expect(await countRows(ctx, 'users')).toBe(before);
  });

  it('limits sign-ups per address of the client', async () => {
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await signUp({ email: 'x', password: 'x' }, { ip });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 20).every((c) => c === 400)).toBe(true);
    expect(codes[20]).toBe(429);
  });

  it('documents the auth endpoints in the OpenAPI description', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/auth/signup',
        '/api/auth/signin',
        '/api/auth/verify-email',
        '/api/auth/password-reset/confirm',
        '/api/profile',
      ]),
    );
  });
});
