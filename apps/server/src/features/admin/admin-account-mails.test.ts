import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, userWithSession, type Session, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let admin: { id: string; email: string };
let adminSession: Session;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ user: admin, session: adminSession } = await userWithSession(ctx, 'admin'));
});
afterAll(() => ctx.close());

const post = (url: string, payload: object = {}) =>
  ctx.app.inject({ method: 'POST', url, headers: adminSession.headers, payload });

describe('an admin’s change to an account is mailed to its member, never to the admin', () => {
  it('disable, enable, delete and restore each send the member one mail, without the audit reason', async () => {
    const { user } = await userWithSession(ctx, 'seller');
    const url = ctx.deps.config.publicUrl;
    const reason = 'Internal: matched a fraud ring';

    expect((await post(`/api/admin/users/${user.id}/disable`, { reason })).statusCode).toBe(200);
    const disabled = await ctx.mailsTo(user.email);
    expect(disabled.map((m) => m.subject)).toEqual(['Your Accountry account was suspended']);
    expect(disabled[0]!.text).toContain(`Visit Accountry: ${url}`);
    expect(disabled[0]!.html).toContain('Your account was suspended');
    expect(disabled[0]!.text).not.toContain(reason);

    expect((await post(`/api/admin/users/${user.id}/enable`, { reason })).statusCode).toBe(200);
    const enabled = await ctx.lastMail(user.email);
    expect(enabled?.subject).toBe('Your Accountry account is active again');
    expect(enabled?.text).toContain(`Sign in: ${url}/signin`);

    expect((await post(`/api/admin/users/${user.id}/delete`, { reason })).statusCode).toBe(200);
    const deleted = await ctx.lastMail(user.email);
    expect(deleted?.subject).toBe('Your Accountry account was closed');
    expect(deleted?.text).toContain(`Visit Accountry: ${url}`);
    expect(deleted?.text).not.toContain(reason);

    expect((await post(`/api/admin/users/${user.id}/restore`, { reason })).statusCode).toBe(200);
    const restored = await ctx.lastMail(user.email);
    expect(restored?.subject).toBe('Your Accountry account was restored');
    expect(restored?.text).toContain(`Sign in: ${url}/signin`);

    expect((await ctx.mailsTo(user.email)).length).toBe(4);
    expect(await ctx.mailsTo(admin.email)).toEqual([]);
  });

  it('a refused repeat sends nothing', async () => {
    const { user } = await userWithSession(ctx, 'buyer');
    expect((await post(`/api/admin/users/${user.id}/enable`)).statusCode).toBe(409);
    expect((await post(`/api/admin/users/${user.id}/restore`)).statusCode).toBe(409);
    expect(await ctx.mailsTo(user.email)).toEqual([]);
  });

  it('a member made an admin, or no longer one, hears of it', async () => {
    const { user } = await userWithSession(ctx, 'buyer');
    const role = (to: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/admin/users/${user.id}/role`,
        headers: adminSession.headers,
        payload: { role: to },
      });
    expect((await role('admin')).statusCode).toBe(200);
    const made = await ctx.lastMail(user.email);
    expect(made?.subject).toBe('You are now an admin on Accountry');
    expect(made?.text).toContain(`Open the admin area: ${ctx.deps.config.publicUrl}/admin`);
    expect((await role('seller')).statusCode).toBe(200);
    const ended = await ctx.lastMail(user.email);
    expect(ended?.subject).toBe('You are no longer an admin on Accountry');
    expect(ended?.text).toContain(`Open your profile: ${ctx.deps.config.publicUrl}/profile`);
    // A member's change between buyer and seller is a label, not access: no mail.
    expect((await role('buyer')).statusCode).toBe(200);
    expect((await ctx.mailsTo(user.email)).length).toBe(2);
    expect(await ctx.mailsTo(admin.email)).toEqual([]);
  });
});
