import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@accountry/shared/admin-messages';
import { createTestApp, signInAs, userWithSession, type Session, type TestContext } from '../../test/test-app';

let ctx: TestContext;
/** Only active admins (neither disabled nor deleted) count; an admin acting on themself cannot disable or delete (decision 061). */
let admin: { id: string };
let adminSession: Session;

beforeAll(async () => {
  ctx = await createTestApp();
  const a = await userWithSession(ctx, 'admin');
  admin = a.user;
  adminSession = a.session;
});
afterAll(() => ctx.close());

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, session: Session = adminSession) =>
  ctx.app.inject({ method, url, headers: session.headers, ...(payload !== undefined ? { payload } : {}) });

describe('the last admin', () => {
  it('cannot be demoted; disabled admins do not count; with a second admin the first can step down', async () => {
    // Make this file's admin the only active one.
    await ctx.db
      .updateTable('users')
      .set({ role: 'buyer' })
      .where('role', '=', 'admin')
      .where('id', '!=', admin.id)
      .execute();
    const demote = await inject('PUT', `/api/admin/users/${admin.id}/role`, { role: 'seller' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error.message).toBe(ADMIN_MESSAGES.lastAdmin);
    expect(
      (await ctx.db.selectFrom('users').select('role').where('id', '=', admin.id).executeTakeFirstOrThrow()).role,
    ).toBe('admin');

    const { user: second, session: secondSession } = await userWithSession(ctx, 'admin');
    // Disabled and deleted admins do not count.
    await ctx.db.updateTable('users').set({ disabled: true }).where('id', '=', second.id).execute();
    expect((await inject('PUT', `/api/admin/users/${admin.id}/role`, { role: 'seller' })).statusCode).toBe(409);
    await ctx.db.updateTable('users').set({ disabled: false }).where('id', '=', second.id).execute();

    const stepDown = await inject(
      'PUT',
      `/api/admin/users/${admin.id}/role`,
      { role: 'both' },
      await signInAs(ctx, admin.id),
    );
    expect(stepDown.statusCode).toBe(200);
    // Now `second` is the last admin: it cannot demote itself, and the former admin has no admin rights.
    expect(
      (await inject('PUT', `/api/admin/users/${second.id}/role`, { role: 'buyer' }, secondSession)).json().error
        .message,
    ).toBe(ADMIN_MESSAGES.lastAdmin);
    expect((await inject('GET', '/api/admin/users', undefined, adminSession)).statusCode).toBe(403);
    expect(
      (await inject('PUT', `/api/admin/users/${admin.id}/role`, { role: 'admin' }, secondSession)).statusCode,
    ).toBe(200);
  });

  it('survives two admins demoting each other at the same time: one wins, one admin remains', async () => {
    await ctx.db.updateTable('users').set({ role: 'buyer' }).where('role', '=', 'admin').execute();
    const a = await userWithSession(ctx, 'admin');
    const b = await userWithSession(ctx, 'admin');
    const [ra, rb] = await Promise.all([
      inject('PUT', `/api/admin/users/${b.user.id}/role`, { role: 'buyer' }, a.session),
      inject('PUT', `/api/admin/users/${a.user.id}/role`, { role: 'buyer' }, b.session),
    ]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 403]);
    // The loser is refused either on arrival (already demoted) or under the lock (demoted while it waited).
    const loser = ra.statusCode === 403 ? ra : rb;
    expect([ADMIN_MESSAGES.notAdminAnymore, 'You do not have permission to do this.']).toContain(
      loser.json().error.message,
    );
    const admins = await ctx.db.selectFrom('users').select('id').where('role', '=', 'admin').execute();
    expect(admins).toHaveLength(1);

    // The same holds for disabling each other.
    const c = await userWithSession(ctx, 'admin');
    const survivor = admins[0].id === a.user.id ? a : b;
    const [rc, rs] = await Promise.all([
      inject('POST', `/api/admin/users/${survivor.user.id}/disable`, {}, c.session),
      inject('POST', `/api/admin/users/${c.user.id}/disable`, {}, survivor.session),
    ]);
    // The loser is refused under the lock (403), or on arrival once disabled: a disabled account is signed out (401).
    const disableLoser = rc.statusCode === 200 ? rs : rc;
    expect([rc.statusCode, rs.statusCode]).toContain(200);
    expect([
      [403, 'You do not have permission to do this.'],
      [403, 'You are no longer an admin.'],
      [401, 'Please sign in to continue.'],
    ]).toContainEqual([disableLoser.statusCode, disableLoser.json().error.message]);
    const activeAdmins = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .where('disabled', '=', false)
      .execute();
    expect(activeAdmins).toHaveLength(1);
  });
});
