import zlib from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { sendJsonParts, SharedJsonHead } from './json-parts';
import { closeWithRawTail, openCompressedStream } from './open-compressed-stream';

const decode = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync };
const text = (length: number, seed = 'é✓ abc ') => seed.repeat(Math.ceil(length / seed.length)).slice(0, length);

describe('a compressed stream left open for uncompressed tails', () => {
  it.each(['br', 'gzip'] as const)('%s decodes to head and tail, whatever the tail’s length', (encoding) => {
    const head = Buffer.from(`{"description":"${text(3000)}"`);
    const open = openCompressedStream(head, encoding);
    // Around the block limits of both formats (65,535 stored bytes for deflate, 65,536 for brotli) and past them.
    for (const length of [0, 1, 300, 65_535, 65_536, 65_537, 200_000]) {
      const tail = Buffer.from(text(length, 'xyz0123456789'));
      const body = closeWithRawTail(open, tail);
      expect(decode[encoding](body).equals(Buffer.concat([head, tail]))).toBe(true);
    }
  });

  it('keeps the head small: it is compressed, the tail is not', () => {
    const head = Buffer.from(text(20_000, 'the same words again '));
    const tail = Buffer.from(text(500, 'a tail '));
    for (const encoding of ['br', 'gzip'] as const) {
      const body = closeWithRawTail(openCompressedStream(head, encoding), tail);
      expect(body.length).toBeLessThan(1_000 + tail.length);
      expect(body.length).toBeGreaterThan(tail.length);
    }
  });

  it('is a whole gzip member: the trailer holds the CRC-32 and length of everything', () => {
    const head = Buffer.from(text(5000));
    const tail = Buffer.from(text(700, 'ü tail '));
    const body = closeWithRawTail(openCompressedStream(head, 'gzip'), tail);
    const whole = Buffer.concat([head, tail]);
    expect(body.readUInt32LE(body.length - 8)).toBe(zlib.crc32(whole));
    expect(body.readUInt32LE(body.length - 4)).toBe(whole.length);
    // A corrupted tail byte no longer matches the trailer.
    const corrupt = Buffer.from(body);
    corrupt[body.length - 20] ^= 1;
    expect(() => zlib.gunzipSync(corrupt)).toThrow();
  });
});

describe('sendJsonParts', () => {
  const shared = { id: 'l1', title: 'Rank 90 account ✓', description: text(2_000) };
  const head = new SharedJsonHead(JSON.stringify(shared));

  async function get(own: unknown, acceptEncoding?: string, small = false) {
    const app = Fastify();
    const smallHead = new SharedJsonHead('{"id":"l1"}');
    app.get('/', async (request, reply) =>
      sendJsonParts(request, reply, small ? smallHead : head, JSON.stringify(own)),
    );
    const res = await app.inject({ url: '/', headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
    await app.close();
    return res;
  }

  it.each([
    ['br', 'br, gzip'],
    ['gzip', 'gzip'],
  ] as const)('sends %s one JSON object: the head’s properties, then the request’s', async (encoding, accept) => {
    for (const own of [{ isFavorite: true, viewCount: 7, seller: { name: 'Zoë' } }, { isFavorite: false }, {}]) {
      const res = await get(own, accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers.vary).toContain('accept-encoding');
      expect(JSON.parse(decode[encoding](res.rawPayload).toString())).toEqual({ ...shared, ...own });
    }
  });

  it('sends the object uncompressed to a client that accepts no encoding, and below the threshold', async () => {
    const plain = await get({ isFavorite: true }, undefined);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual({ ...shared, isFavorite: true });
    const small = await get({ isFavorite: true }, 'br', true);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('{"id":"l1","isFavorite":true}');
  });

  it('takes only a JSON object with at least one property as a head', () => {
    for (const json of ['{}', '[1,2]', '"text"']) expect(() => new SharedJsonHead(json)).toThrow();
  });
});
