import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_MESSAGES } from '@accountry/shared/account-rules';
import { ACCOUNT_MESSAGES, AUTH_FALLBACK_MESSAGES } from '@accountry/shared/auth-messages';
import {
  createTestApp,
  createUser,
  signInAs,
  TEST_PASSWORD,
  userWithSession,
  type TestContext,
} from '../../test/test-app';
import { AUTH_POLICY } from './auth-policy';
import { freshIp, sessionFrom, signInVia, STRONG_PASSWORD } from './auth-test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const patch = (headers: Record<string, string> | undefined, payload: unknown) =>
  ctx.app.inject({
    method: 'PATCH',
    url: '/api/profile',
    headers,
    payload: payload as object,
    remoteAddress: freshIp(),
  });
const changePassword = (headers: Record<string, string>, payload: unknown, ip = freshIp()) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/profile/password',
    headers,
    payload: payload as object,
    remoteAddress: ip,
  });
const row = (id: string) => ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('GET /api/profile', () => {
  it('returns the spec fields of the signed-in user, never the hash', async () => {
    const { user, session } = await userWithSession(ctx, 'both', {
      displayName: 'Bo Both',
      phoneNumber: '+49 30 901820',
    });
    const res = await ctx.app.inject({ url: '/api/profile', headers: session.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toEqual({
      uid: user.id,
      email: user.email,
      displayName: 'Bo Both',
      phoneNumber: '+49 30 901820',
      role: 'both',
      createdAt: user.createdAt,
      lastActive: user.lastActive,
      profileComplete: true,
      emailVerified: true,
    });
  });
});

describe('PATCH /api/profile', () => {
  it('updates display name, phone number and role', async () => {
    const { user, session } = await userWithSession(ctx, 'buyer');
    const res = await patch(session.headers, {
      displayName: '  Kai   Player ',
      phoneNumber: '+1 555 0103',
      role: 'both',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ displayName: 'Kai Player', phoneNumber: '+1 555 0103', role: 'both' });
    expect(await row(user.id)).toMatchObject({ displayName: 'Kai Player', phoneNumber: '+1 555 0103', role: 'both' });
    const cleared = await patch(session.headers, { phoneNumber: '' });
    expect(cleared.json().user.phoneNumber).toBe('');
  });

  it('never makes anyone admin', async () => {
    const { user, session } = await userWithSession(ctx, 'seller');
    for (const role of ['admin', 'ADMIN', 'superuser', ['admin'], 1]) {
      const res = await patch(session.headers, { role });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.role).toBe('Role must be one of: buyer, seller, both');
    }
    expect((await row(user.id)).role).toBe('seller');
  });

  it("keeps an admin's role: it is changed only in the admin area", async () => {
    const { user, session } = await userWithSession(ctx, 'admin');
    const res = await patch(session.headers, { role: 'buyer', displayName: 'Not Saved' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'ADMIN_ROLE_LOCKED', message: ACCOUNT_MESSAGES.adminRoleLocked });
    expect(await row(user.id)).toMatchObject({ role: 'admin', displayName: 'Test User' });
    const ok = await patch(session.headers, { displayName: 'Ada Lovelace' });
    expect(ok.json().user).toMatchObject({ role: 'admin', displayName: 'Ada Lovelace' });
  });

  it.each([
    ['an empty change', {}, '_', ACCOUNT_MESSAGES.nothingToUpdate],
    ['a one-letter name', { displayName: 'A' }, 'displayName', FIELD_MESSAGES.displayNameLength],
    ['a huge name', { displayName: 'n'.repeat(1_000_000) }, null, null],
    ['a name of the wrong type', { displayName: null }, 'displayName', FIELD_MESSAGES.displayNameLength],
    ['a bad phone number', { phoneNumber: '12' }, 'phoneNumber', FIELD_MESSAGES.phoneInvalid],
    ['an email change (not offered)', { email: 'new@example.test' }, 'email', 'Unknown field: email'],
    ['a verified flag', { emailVerified: true }, 'emailVerified', 'Unknown field: emailVerified'],
    ['a body that is not an object', [1, 2], null, null],
  ])('refuses %s and changes nothing', async (_name, payload, field, message) => {
    const { user, session } = await userWithSession(ctx, 'buyer', { displayName: 'Steady Name' });
    const before = await row(user.id);
    const res = await patch(session.headers, payload);
    expect([400, 413]).toContain(res.statusCode);
    if (field) expect(res.json().error.fields?.[field] ?? res.json().error.message).toBe(message);
    expect(await row(user.id)).toEqual(before);
  });

  it('needs someone signed in, and the CSRF token', async () => {
    const res = await patch(undefined, { displayName: 'Nobody Here' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(AUTH_FALLBACK_MESSAGES.noUser);
    const { user, session } = await userWithSession(ctx, 'buyer');
    const noCsrf = await patch({ cookie: session.cookie }, { displayName: 'Forged Name' });
    expect(noCsrf.statusCode).toBe(403);
    expect((await row(user.id)).displayName).toBe('Test User');
  });
});

describe('POST /api/profile/password', () => {
  it('changes the password with the current one and signs out the other devices only', async () => {
    const user = await createUser(ctx);
    const here = sessionFrom(await signInVia(ctx, user.email, TEST_PASSWORD));
    const elsewhere = await signInAs(ctx, user.id);
    const res = await changePassword(here.headers, { currentPassword: TEST_PASSWORD, newPassword: STRONG_PASSWORD });
    expect(res.statusCode).toBe(204);
    expect((await ctx.app.inject({ url: '/api/auth/me', headers: { cookie: here.cookie } })).json().user.uid).toBe(
      user.id,
    );
    expect(
      (await ctx.app.inject({ url: '/api/auth/me', headers: { cookie: elsewhere.cookie } })).json().user,
    ).toBeNull();
    expect((await signInVia(ctx, user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signInVia(ctx, user.email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it.each([
    [
      'a wrong current password',
      { currentPassword: 'Not-It-123', newPassword: STRONG_PASSWORD },
      'currentPassword',
      ACCOUNT_MESSAGES.wrongCurrentPassword,
    ],
    [
      'the same password again',
      { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD },
      'newPassword',
      ACCOUNT_MESSAGES.samePassword,
    ],
    [
      'a weak new password',
      { currentPassword: TEST_PASSWORD, newPassword: 'weak' },
      'newPassword',
      FIELD_MESSAGES.passwordTooShort,
    ],
    [
      'a missing current password',
      { newPassword: STRONG_PASSWORD },
      'currentPassword',
      FIELD_MESSAGES.passwordRequired,
    ],
    [
      'a new password of the wrong type',
      { currentPassword: TEST_PASSWORD, newPassword: { a: 1 } },
      'newPassword',
      FIELD_MESSAGES.passwordRequired,
    ],
  ])('refuses %s and keeps the old password', async (_name, payload, field, message) => {
    const { user, session } = await userWithSession(ctx, 'buyer');
    const before = (await row(user.id)).passwordHash;
    const res = await changePassword(session.headers, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    expect((await row(user.id)).passwordHash).toBe(before);
  });

  it('refuses a new password holding the address', async () => {
    const { session } = await userWithSession(ctx, 'buyer', { email: 'river.stone@example.test' });
    const res = await changePassword(session.headers, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'River.Stone-2026',
    });
    expect(res.json().error.fields.newPassword).toBe(FIELD_MESSAGES.passwordContainsEmail);
  });

  it('wrong current passwords count toward the lock-out', async () => {
    const { user, session } = await userWithSession(ctx, 'buyer');
    for (let i = 0; i < AUTH_POLICY.accountFailures; i++) {
      await changePassword(session.headers, { currentPassword: `Guess-Number-${i}`, newPassword: STRONG_PASSWORD });
    }
    const res = await changePassword(session.headers, { currentPassword: TEST_PASSWORD, newPassword: STRONG_PASSWORD });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('TOO_MANY_ATTEMPTS');
    expect((await signInVia(ctx, user.email, TEST_PASSWORD)).json().error.code).toBe('TOO_MANY_ATTEMPTS');
  });
});
