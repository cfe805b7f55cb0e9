import { describe, expect, it } from 'vitest';
import { createUser, type Session, type TestContext } from '../../test/test-app';
import { useAdminTestApp } from './admin-test-fixtures';

/**
 * An account disabled and then deleted comes back disabled when restored (decision 060): the member is told so, not
 * that they can sign in again, and the dashboard counts it as deleted only, as the users list's filters do.
 */
let ctx: TestContext;
let adminSession: Session;

useAdminTestApp((c, session) => {
  ctx = c;
  adminSession = session;
});

const post = (url: string) => ctx.app.inject({ method: 'POST', url, headers: adminSession.headers, payload: {} });
const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: adminSession.headers });

describe('an account disabled, then deleted', () => {
  it('restored, is told it is still suspended, not that it can sign in again', async () => {
    const user = await createUser(ctx, { role: 'seller' });
    expect((await post(`/api/admin/users/${user.id}/disable`)).statusCode).toBe(200);
    expect((await post(`/api/admin/users/${user.id}/delete`)).statusCode).toBe(200);
    const restored = await post(`/api/admin/users/${user.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ disabled: true });

    const mail = await ctx.lastMail(user.email);
    expect(mail?.subject).toBe('Your Accountry account was restored');
    expect(mail?.text).not.toContain('you can sign in again');
    expect(mail?.text).toContain(
      'An Accountry admin restored your account. It is still suspended: you cannot sign in, and your listings are ' +
        'not shown, until an admin lifts the suspension.',
    );
    expect(mail?.text).not.toContain(`Sign in: ${ctx.deps.config.publicUrl}/signin`);
  });

  it('is counted as deleted on the dashboard, not also as disabled, as the users list filters it', async () => {
    const before = (await get('/api/admin/dashboard')).json();
    const user = await createUser(ctx, { role: 'buyer' });
    expect((await post(`/api/admin/users/${user.id}/disable`)).statusCode).toBe(200);
    expect((await post(`/api/admin/users/${user.id}/delete`)).statusCode).toBe(200);
    const after = (await get('/api/admin/dashboard')).json();
    expect([after.disabledUsers - before.disabledUsers, after.deletedUsers - before.deletedUsers]).toEqual([0, 1]);

    const disabledList = (await get('/api/admin/users?state=disabled&limit=100')).json();
    expect(disabledList.items.map((u: { id: string }) => u.id)).not.toContain(user.id);
    expect(disabledList.items.length).toBe(after.disabledUsers);
  });
});
