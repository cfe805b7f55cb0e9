import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createTestApp, userWithSession, type TestContext } from '../../test/test-app';

/** Support reads a member's security activity (decision 178); every page read is in the audit log. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe("a member's security activity for support", () => {
  it('is read by an admin only, page by page, and every page read is audited', async () => {
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
    const look = { actorId: admin.user.id, action: 'user.activity_view', targetId: member.user.id };
    expect(audited).toEqual([look, look]);

    expect((await read(member, url)).statusCode).toBe(403);
    const missing = await read(admin, '/api/admin/users/no-such-user/activity');
    expect(missing.statusCode).toBe(404);
  });
  it('audits a look that starts from a cursor of its own making: the first page read without one is still read', async () => {
    const admin = await userWithSession(ctx, 'admin');
    const member = await userWithSession(ctx, 'buyer');
    const signedIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: member.user.email, password: TEST_PASSWORD },
      remoteAddress: '192.0.2.77',
    });
    expect(signedIn.statusCode).toBe(200);
    // A position past every row, as a cursor: the newest events come back.
    const cursor = Buffer.from(JSON.stringify([Number.MAX_SAFE_INTEGER, 'zzzz'])).toString('base64url');
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/users/${member.user.id}/activity?cursor=${cursor}`,
      headers: admin.session.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().items[0]).toMatchObject({ kind: 'signin', ip: '192.0.2.77' });
    const audited = await ctx.db
      .selectFrom('auditLog')
      .select(['actorId', 'targetId'])
      .where('action', '=', 'user.activity_view')
      .where('targetId', '=', member.user.id)
      .execute();
    expect(audited).toEqual([{ actorId: admin.user.id, targetId: member.user.id }]);
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
