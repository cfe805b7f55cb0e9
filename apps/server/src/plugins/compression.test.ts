import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { COMPRESS_THRESHOLD, pickEncoding, registerCompression } from './compression';

const big = { text: 'x'.repeat(COMPRESS_THRESHOLD * 2) };

async function get(path: string, acceptEncoding?: string) {
  const app = Fastify();
  registerCompression(app);
  app.get('/big', async () => big);
  app.get('/small', async () => ({ ok: true }));
  // Fewer characters than the threshold, more bytes: 'é' is two bytes in UTF-8.
  app.get('/accented', async () => ({ text: 'é'.repeat(700) }));
  app.get('/just-under', async () => ({ text: 'x'.repeat(COMPRESS_THRESHOLD - 20) }));
  app.get('/text', async (_req, reply) => reply.type('text/plain').send('y'.repeat(COMPRESS_THRESHOLD * 2)));
  const res = await app.inject({ url: path, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
  await app.close();
  return res;
}

describe('JSON reply compression', () => {
  it('sends brotli when accepted, else gzip, and the body decodes to the reply', async () => {
    const br = await get('/big', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(big);
    const gz = await get('/big', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(big);
  });

  it('leaves small replies, other types and clients that accept neither as they are', async () => {
    for (const [path, accept] of [
      ['/small', 'br'],
      ['/text', 'br'],
      ['/big', undefined],
      ['/big', 'deflate'],
      ['/big', 'br;q=0, gzip;q=0'],
    ] as const) {
      const res = await get(path, accept);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.rawPayload.length).toBeGreaterThan(path === '/small' ? 0 : COMPRESS_THRESHOLD);
    }
  });

  it('weighs a reply by its bytes, not its characters', async () => {
    const accented = await get('/accented', 'br');
    expect(accented.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(accented.rawPayload).toString()).text).toHaveLength(700);
    const justUnder = await get('/just-under', 'br');
    expect(justUnder.headers['content-encoding']).toBeUndefined();
    expect(justUnder.rawPayload.length).toBe(COMPRESS_THRESHOLD - 20 + '{"text":""}'.length);
  });

  it('reads Accept-Encoding weights', () => {
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    // A coding refused by name stays refused when "*" accepts the others.
    expect(pickEncoding('br;q=0, *')).toBe('gzip');
    expect(pickEncoding('gzip;q=0, *')).toBe('br');
    expect(pickEncoding('gzip;q=0, br;q=0, *')).toBeNull();
    expect(pickEncoding('*;q=0, gzip')).toBe('gzip');
  });
});
