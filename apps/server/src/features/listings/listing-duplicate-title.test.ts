import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TITLE_MAX } from '@accountry/shared/listings';
import { userWithSession, type Session } from '../../test/test-app';
import { createTestAppWithUploads, listingInput } from '../../test/listing-fixtures';

let ctx: Awaited<ReturnType<typeof createTestAppWithUploads>>;
let seller: { user: { id: string }; session: Session };
beforeAll(async () => {
  ctx = await createTestAppWithUploads();
  seller = await userWithSession(ctx, 'seller');
});
afterAll(() => ctx.close());

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('the title of a duplicate', () => {
  it('cuts a longest title of emoji between characters, never inside one', async () => {
    // 50 emoji: 100 UTF-16 units, the longest title allowed.
    const title = '\u{1F3AE}'.repeat(TITLE_MAX / 2);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/listings',
      headers: seller.session.headers,
      payload: listingInput({ title }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const copy = await ctx.app.inject({
      method: 'POST',
      url: `/api/listings/${created.json().id}/duplicate`,
      headers: seller.session.headers,
    });
    expect(copy.statusCode, copy.body).toBe(201);
    const stored = await ctx.db
      .selectFrom('listings')
      .select('title')
      .where('id', '=', copy.json().id)
      .executeTakeFirstOrThrow();
    for (const t of [copy.json().title as string, stored.title]) {
      expect(LONE_SURROGATE.test(t), JSON.stringify(t)).toBe(false);
      expect(t).not.toContain('\uFFFD');
      expect(t.endsWith(' (copy)')).toBe(true);
      expect(t.length).toBeLessThanOrEqual(TITLE_MAX);
    }
  });
});
