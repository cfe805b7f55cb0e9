import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, userWithSession, type Session, type TestContext } from '../test/test-app';

let ctx: TestContext;
let buyer: Session;
let admin: Session;
beforeAll(async () => {
  ctx = await createTestApp();
  buyer = (await userWithSession(ctx, 'buyer')).session;
  admin = (await userWithSession(ctx, 'admin')).session;
});
afterAll(() => ctx.close());

const cursorOf = (raw: string) => Buffer.from(raw).toString('base64url');
const NUL_MESSAGE = 'Text must not contain NUL characters.';

describe('input the database cannot hold is refused with 400, never 500', () => {
  it.each([
    ['a query string', { url: '/api/listings?q=abc%00def' }],
    ['a route parameter', { url: '/api/listings/abc%00def', session: 'buyer' }],
    ['a sign-in body', { method: 'POST', url: '/api/auth/signin', payload: { email: 'a\0@b.test', password: 'x\0y' } }],
    ['an object key', { method: 'POST', url: '/api/feedback', payload: { ['rat\0ing']: 5 } }],
    [
      'an announcement title',
      {
        method: 'POST',
        url: '/api/admin/announcements',
        payload: { title: 'Down\0time', message: 'x' },
        session: 'admin',
      },
    ],
  ] as const)('a NUL byte in %s', async (_name, req) => {
    const r = req as { method?: 'POST'; url: string; payload?: object; session?: 'buyer' | 'admin' };
    const headers = r.session === 'admin' ? admin.headers : r.session === 'buyer' ? buyer.headers : undefined;
    const res = await ctx.app.inject({ method: r.method ?? 'GET', url: r.url, payload: r.payload, headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(NUL_MESSAGE);
  });

  const BROKEN = 'Text must not contain half of a character (a broken emoji or symbol).';
  it.each([
    [
      'a body field, escaped in JSON',
      { method: 'POST', url: '/api/feedback', payload: '{"message":"a\\ud800b"}' },
      'message',
    ],
    ['a low half alone', { method: 'POST', url: '/api/feedback', payload: '{"message":"\\udc00"}' }, 'message'],
    ['an object key', { method: 'POST', url: '/api/feedback', payload: '{"x\\ud83d":1}' }, 'x\ud83d'],
  ] as const)('half of a character in %s', async (_name, req, field) => {
    const headers = { ...buyer.headers, 'content-type': 'application/json' };
    const res = await ctx.app.inject({ ...req, headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(BROKEN);
    expect(res.json().error.fields).toEqual({ [field]: BROKEN });
  });

  it('whole emoji, accents and U+FFFD itself pass', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/feedback',
      payload: { category: 'general', message: 'Great 👍🏽 café \uFFFD 👨‍👩‍👧', rating: 5 },
      headers: buyer.headers,
    });
    expect(res.statusCode).toBeLessThan(300);
  });

  it.each(['[1.5,"a"]', '[1e20,"a"]', '[1e308,"a"]', '[-1e308,"a"]', '[3000000000,"a"]'])(
    'a listing cursor holding %s',
    async (raw) => {
      for (const sort of ['newest', 'price_asc', 'most_viewed']) {
        const res = await ctx.app.inject({ url: `/api/listings?sort=${sort}&cursor=${cursorOf(raw)}` });
        if (raw === '[3000000000,"a"]' && sort === 'newest') expect(res.statusCode).toBe(200);
        else expect(res.statusCode, `${sort} ${raw}`).toBe(400);
      }
    },
  );

  it('a read marker or history position beyond what the column holds', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/chat/conversations/some-conversation/read',
      payload: { seq: 2147483648 },
      headers: buyer.headers,
    });
    expect(res.statusCode).toBe(400);
    const history = await ctx.app.inject({
      url: '/api/chat/conversations/some-conversation/messages?before=2147483648',
      headers: buyer.headers,
    });
    expect(history.statusCode).toBe(400);
  });

  it('deeply nested bodies', async () => {
    const deep = `{"message":${'{"a":'.repeat(5000)}"x"${'}'.repeat(5001)}`;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/feedback',
      payload: deep,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
  });
});
