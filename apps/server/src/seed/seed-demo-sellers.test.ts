import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../test/test-app';
import { createTestAppWithUploads, imageBytes, listingInput, multipart } from '../test/listing-fixtures';
import { DEMO_USERS } from './demo-users';
import { demoCipher, seedDemoData } from './seed-demo-data';

/**
 * Someone trying the demo as a seller signs in with a printed seller account and lists an account: the demo data
 * must leave those sellers room under the default per-seller quotas (listings, screenshot storage).
 */
let ctx: Awaited<ReturnType<typeof createTestAppWithUploads>>;
beforeAll(async () => {
  ctx = await createTestAppWithUploads();
  await seedDemoData(ctx.db, ctx.clock, demoCipher(ctx.deps.config));
}, 120_000);
afterAll(() => ctx.close());

const sellers = DEMO_USERS.filter((u) => u.role === 'seller' || u.role === 'both');

describe('the demo sellers after seeding', () => {
  it.each(sellers.map((u) => [u.email]))('%s can create a listing and add a screenshot', async (email) => {
    const { id } = await ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const session = await signInAs(ctx, id);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/listings',
      headers: session.headers,
      payload: listingInput(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const body = multipart(await imageBytes('png', 640, 480));
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: `/api/listings/${created.json().id}/images`,
      payload: body.payload,
      headers: { ...session.headers, ...body.headers },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
  });
});
