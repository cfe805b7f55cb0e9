import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, userWithSession, type TestContext } from '../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const DAY = 24 * 60 * 60 * 1000;

describe('GET /api/sellers/:id tells only what a buyer needs', () => {
  it('answers 404 for members who do not sell: buyers and admins', async () => {
    const viewer = await userWithSession(ctx, 'buyer');
    for (const role of ['buyer', 'admin'] as const) {
      const member = await createUser(ctx, { role });
      const res = await ctx.app.inject({ url: `/api/sellers/${member.id}`, headers: viewer.session.headers });
      expect(res.statusCode, role).toBe(404);
      expect(res.json().error.message).toBe('Seller not found');
    }
    for (const role of ['seller', 'both'] as const) {
      const member = await createUser(ctx, { role });
      expect(
        (await ctx.app.inject({ url: `/api/sellers/${member.id}`, headers: viewer.session.headers })).statusCode,
      ).toBe(200);
    }
  });

  it('shows the day of last activity, not the moment', async () => {
    const viewer = await userWithSession(ctx, 'buyer');
    const moment = 20_000 * DAY + 13 * 60 * 60 * 1000 + 12_345;
    const seller = await createUser(ctx, { role: 'seller', lastActive: moment });
    const res = await ctx.app.inject({ url: `/api/sellers/${seller.id}`, headers: viewer.session.headers });
    expect(res.json().lastActive).toBe(20_000 * DAY);
  });
});
