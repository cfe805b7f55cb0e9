import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createTestApp, userWithSession, type TestContext } from '../../test/test-app';

/** Support reads a member's security activity (decision 178); each look is in the audit log. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe("a member's security activity for support", () => {
  it('is read by an admin only, page by page, and the first page of each look is audited', async () => {
    const admin = await userWithSession(ctx, 'admin');
    const member = await userWithSession(ctx, 'buyer');
    for (let i = 0; i < 22; i++) {
      ctx.clock.advance(1000);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: member.user.email, password: TEST_PASSWORD },
        remoteAddress: '192.0.2.9',
      });
      expect(res.statusCode).toBe(200);
    }
    const read = (who: typeof admin, url: string) =>
      ctx.app.inject({ method: 'GET', url, headers: who.session.headers });
    const url = `/api/admin/users/${member.user.id}/activity`;
    const first = await read(admin, url);
    expect(first.statusCode).toBe(200);
    expect(first.json().items).toHaveLength(20);
    expect(first.json().items[0]).toMatchObject({ kind: 'signin', ip: '192.0.2.9' });
    const second = await read(admin, `${url}?cursor=${encodeURIComponent(first.json().nextCursor)}`);
    expect(second.json().items).toHaveLength(2);

    const audited = await ctx.db
      .selectFrom('auditLog')
      .select(['actorId', 'action', 'targetId'])
      .where('action', '=', 'user.activity_view')
      .execute();
    expect(audited).toEqual([{ actorId: admin.user.id, action: 'user.activity_view', targetId: member.user.id }]);

    expect((await read(member, url)).statusCode).toBe(403);
    const missing = await read(admin, '/api/admin/users/no-such-user/activity');
    expect(missing.statusCode).toBe(404);
  });
  it('shows support the whole address, an IPv6 one too (only limits count it by its /64)', async () => {
    const admin = await userWithSession(ctx, 'admin');
    const member = await userWithSession(ctx, 'buyer');
    const signedIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: member.user.email, password: TEST_PASSWORD },
      remoteAddress: '2001:db8:9:8:7:6:5:4',
    });
    expect(signedIn.statusCode).toBe(200);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/users/${member.user.id}/activity`,
      headers: admin.session.headers,
    });
    expect(res.json().items[0]).toMatchObject({ kind: 'signin', ip: '2001:db8:9:8:7:6:5:4' });
  });
});
