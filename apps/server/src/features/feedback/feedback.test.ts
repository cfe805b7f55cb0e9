import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, userWithSession, type TestContext } from '../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const valid = { rating: 4, category: 'suggestion', message: 'Please add more filters for regions.' };
const count = async () =>
  Number(
    (
      await ctx.db
        .selectFrom('feedback')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /api/feedback (rate us)', () => {
  it('stores a rating from a visitor', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/feedback', payload: valid });
    expect(res.statusCode).toBe(201);
    const row = await ctx.db
      .selectFrom('feedback')
      .selectAll()
      .where('id', '=', res.json().id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      rating: 4,
      category: 'suggestion',
      status: 'open',
      userId: null,
      message: valid.message,
    });
    expect(typeof row.createdAt).toBe('number');
  });

  it('links the rating to the signed-in user', async () => {
    const { user, session } = await userWithSession(ctx, 'buyer');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/feedback',
      payload: valid,
      headers: session.headers,
    });
    expect(res.statusCode).toBe(201);
    const row = await ctx.db
      .selectFrom('feedback')
      .selectAll()
      .where('id', '=', res.json().id)
      .executeTakeFirstOrThrow();
    expect(row.userId).toBe(user.id);
    expect(row.email).toBe(user.email);
  });

  it('refuses a cookie-authenticated write without the CSRF token', async () => {
    const { session } = await userWithSession(ctx, 'buyer');
    const before = await count();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/feedback',
      payload: valid,
      headers: { cookie: session.cookie },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF_FAILED');
    expect(await count()).toBe(before);
  });

  it.each([
    ['a rating out of range', { ...valid, rating: 6 }, 'rating', 'Choose a rating from 1 to 5'],
    ['a missing message', { rating: 3, category: 'bug' }, 'message', 'Message is required'],
    ['a short message', { ...valid, message: 'meh' }, 'message', 'Please write at least 10 characters'],
    ['an unknown category', { ...valid, category: 'lol' }, 'category', 'Choose a category'],
    ['an unknown field', { ...valid, admin: true }, 'admin', 'Unknown field: admin'],
    ['a wrong type', { ...valid, rating: 'five' }, 'rating', 'Choose a rating from 1 to 5'],
  ])('rejects %s with a 400 naming the field and stores nothing', async (_name, payload, field, message) => {
    const before = await count();
    const res = await ctx.app.inject({ method: 'POST', url: '/api/feedback', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.json().error.fields[field]).toBe(message);
    expect(await count()).toBe(before);
  });

  it('rejects malformed JSON with 400 and an oversized body with 413', async () => {
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/feedback',
      payload: '{"rating":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('The request body is not valid JSON.');
    const huge = await ctx.app.inject({
      method: 'POST',
      url: '/api/feedback',
      payload: JSON.stringify({ ...valid, message: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});
