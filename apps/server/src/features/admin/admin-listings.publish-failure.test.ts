import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createTestApp, createUser, userWithSession, type Session, type TestContext } from '../../test/test-app';
import { insertListing } from './admin-test-fixtures';

let ctx: TestContext;
let adminSession: Session;
let seller: { id: string };
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  ctx = await createTestApp();
  ({ session: adminSession } = await userWithSession(ctx, 'admin'));
  seller = await createUser(ctx, { role: 'seller' });
  process.on('unhandledRejection', onUnhandled);
});
afterEach(() => {
  unhandled.length = 0;
});
afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await ctx.close();
});

/** The bus refusing every event, as PostgreSQL's NOTIFY pool does while the database restarts. */
function busDown() {
  const publish = ctx.bus.publish;
  ctx.bus.publish = async () => {
    throw new Error('bus down: connection lost');
  };
  return () => {
    ctx.bus.publish = publish;
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

it('keeps the server up and the moderation done when the seller cannot be told over the bus', async () => {
  const listing = await insertListing(ctx, seller.id, { title: 'Moderated while the bus is down', status: 'active' });
  const restore = busDown();
  try {
    for (const [action, payload] of [
      ['hide', { reason: 'Misleading description' }],
      ['unhide', undefined],
      ['delete', {}],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/listings/${listing.id}/${action}`,
        headers: adminSession.headers,
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, action).toBe(200);
      await settle();
      expect(unhandled, action).toEqual([]);
    }
  } finally {
    restore();
  }
  const row = await ctx.db.selectFrom('listings').select(['deletedAt']).where('id', '=', listing.id).executeTakeFirst();
  expect(row?.deletedAt).not.toBeNull();
});

it('answers every publish, failed or not, without a rejection for its caller to catch', async () => {
  const restore = busDown();
  try {
    await expect(ctx.deps.hub.publish({ userIds: [seller.id] }, 'test.event', {})).resolves.toBeUndefined();
  } finally {
    restore();
  }
});
