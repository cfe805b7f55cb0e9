import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, userWithSession, type Session, type TestContext } from '../test/test-app';

let ctx: TestContext;
let buyer: Session;
let seller: Session;
beforeAll(async () => {
  ctx = await createTestApp();
  buyer = (await userWithSession(ctx, 'buyer')).session;
  seller = (await userWithSession(ctx, 'seller')).session;
});
afterAll(() => ctx.close());

/** A JSON object with `count` fields no schema knows (k0, k1, …) after `known`: ~10 bytes a field. */
const withUnknownFields = (known: Record<string, unknown>, count: number) =>
  JSON.stringify({ ...known, ...Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, 1])) });

const unknownFields = (from: number, to: number) =>
  Object.fromEntries(Array.from({ length: to - from }, (_, i) => [`k${from + i}`, `Unknown field: k${from + i}`]));

describe('a validation error', () => {
  it('names the first ten problems of a body with thousands of unknown fields and counts the rest', async () => {
    const payload = withUnknownFields({ seq: 1 }, 5000);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/chat/conversations/some-conversation/read',
      payload,
      headers: { ...buyer.headers, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    // The reply stays short: naming every field made a 50 KB body answer with 180 KB (a 650 KB one with 2 MB).
    expect(res.body.length).toBeLessThan(1024);
    expect(res.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Unknown field: k0',
      fields: { ...unknownFields(0, 10), _more: '4990 more problems not listed.' },
    });
  });

  it('is as short for someone not signed in', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: withUnknownFields({ token: 'x'.repeat(40) }, 5000),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.length).toBeLessThan(1024);
    expect(res.json().error.fields).toEqual({ ...unknownFields(0, 10), _more: '4990 more problems not listed.' });
  });

  it('counts problems of any kind: one wrong element past ten is one more problem', async () => {
    const reorder = (ids: unknown[]) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/listings/some-listing/images/order',
        payload: { ids },
        headers: seller.headers,
      });
    const eleven = await reorder(Array.from({ length: 11 }, (_, i) => i));
    expect(eleven.statusCode).toBe(400);
    const fields = eleven.json().error.fields;
    expect(Object.keys(fields)).toEqual([...Array.from({ length: 10 }, (_, i) => `ids.${i}`), '_more']);
    expect(fields['ids.0']).toBe('Invalid input: expected string, received number');
    expect(fields._more).toBe('1 more problem not listed.');

    const ten = await reorder(Array.from({ length: 10 }, (_, i) => i));
    expect(ten.statusCode).toBe(400);
    expect(Object.keys(ten.json().error.fields)).toEqual(Array.from({ length: 10 }, (_, i) => `ids.${i}`));
  });

  it('still names a few unknown fields one by one, as before', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/chat/conversations/some-conversation/read',
      payload: { seq: 1, html: '<b>', admin: true },
      headers: buyer.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Unknown field: html',
      fields: { html: 'Unknown field: html', admin: 'Unknown field: admin' },
    });
  });

  it('names unknown fields called like what every object has (toString, constructor)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/chat/conversations/some-conversation/read',
      payload: '{"seq":1,"toString":1,"constructor":2}',
      headers: { ...buyer.headers, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      toString: 'Unknown field: toString',
      constructor: 'Unknown field: constructor',
    });
  });
});
