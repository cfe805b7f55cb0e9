import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithSession, type Session } from '../../test/test-app';
import { createTestAppWithUploads, listingInput } from '../../test/listing-fixtures';

let ctx: Awaited<ReturnType<typeof createTestAppWithUploads>>;
let seller: { user: { id: string }; session: Session };
beforeAll(async () => {
  ctx = await createTestAppWithUploads();
  seller = await userWithSession(ctx, 'seller');
});
afterAll(() => ctx.close());

// Spec section 5: "Title is required". Characters that show nothing do not make a title (decision 225).
describe('a listing title that shows nothing', () => {
  it.each([
    ['zero-width joiners', '\u200d'.repeat(10)],
    ['zero-width non-joiners', '\u200c'.repeat(10)],
    ['Hangul fillers', '\u3164'.repeat(10)],
    ['combining grapheme joiners', '\u034f'.repeat(10)],
    ['variation selectors', '\ufe0f'.repeat(10)],
    ['Khmer inherent vowels', '\u17b4\u17b5'.repeat(5)],
    ['Mongolian free variation selectors', '\u180b\u180c\u180d'.repeat(3)],
    ['Braille pattern blanks', '\u2800'.repeat(10)],
  ])('a title of only %s is refused as blank (400), not stored', async (_name, title) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/listings',
      headers: seller.session.headers,
      payload: listingInput({ title }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.title).toBe('Title is required');
    const stored = await ctx.db.selectFrom('listings').select('id').where('sellerId', '=', seller.user.id).execute();
    expect(stored).toEqual([]);
  });
});

describe('a listing description that shows nothing', () => {
  it('a description of only combining grapheme joiners is refused (400), not stored', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/listings',
      headers: seller.session.headers,
      payload: listingInput({ title: 'Blank description probe', description: '\u034f'.repeat(30) }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.description).toBe('Description must be 20 to 5000 characters');
    const stored = await ctx.db.selectFrom('listings').select('id').where('sellerId', '=', seller.user.id).execute();
    expect(stored).toEqual([]);
  });
});
