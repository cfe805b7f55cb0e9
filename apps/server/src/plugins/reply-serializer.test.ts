import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { z } from 'zod';
import { jsonPartSerializer, replyJsonSchema, replySerializerCompiler } from './reply-serializer';

const reply = z.object({
  id: z.string(),
  count: z.number(),
  note: z.string().nullable(),
  tags: z.array(z.object({ name: z.string() })),
  owner: z.object({ id: z.string(), role: z.enum(['buyer', 'admin']) }).nullable(),
  extra: z.string().optional(),
  mode: z.enum(['a', 'b']).nullable(),
});

async function serve(schema: z.ZodType, data: unknown, check: boolean) {
  const app = Fastify();
  app.setSerializerCompiler(replySerializerCompiler(check));
  app.get('/', { schema: { response: { 200: schema } } }, async () => data);
  const res = await app.inject('/');
  await app.close();
  return res;
}

describe('compiled reply serializer', () => {
  const data = {
    id: 'l1',
    count: 3,
    note: null,
    tags: [{ name: 'x', secret: 'nested leak' }],
    owner: { id: 'u1', role: 'admin', passwordHash: 'leak' },
    mode: null,
    passwordHash: 'top-level leak',
  };

  it('writes exactly what zod would, without fields the schema does not name', async () => {
    for (const check of [false, true]) {
      const res = await serve(reply, data, check);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(JSON.stringify(reply.parse(data)));
      expect(res.body).not.toContain('leak');
    }
  });

  it('writes null objects and present optional fields', async () => {
    const res = await serve(reply, { ...data, owner: null, extra: 'here', mode: 'b' }, false);
    expect(JSON.parse(res.body)).toMatchObject({ owner: null, extra: 'here', mode: 'b' });
  });

  it('compiles nullable members to a plain type, not a run-time anyOf', () => {
    const json = replyJsonSchema(reply) as { properties: Record<string, { type: unknown; anyOf?: unknown }> };
    expect(json.properties.owner.type).toEqual(['object', 'null']);
    expect(json.properties.owner.anyOf).toBeUndefined();
    expect(json.properties.note.type).toEqual(['string', 'null']);
  });

  it('keeps zod for a schema with no JSON form', async () => {
    const withDate = z.object({ at: z.date() });
    expect(replyJsonSchema(withDate)).toBeNull();
    expect((await serve(withDate, { at: new Date(0), x: 1 }, false)).body).toBe('{"at":"1970-01-01T00:00:00.000Z"}');
  });

  it('in check mode, refuses a reply that does not fit its schema', async () => {
    expect((await serve(reply, { ...data, id: null }, true)).statusCode).toBe(500);
  });
});

describe('reply part serializer', () => {
  const write = jsonPartSerializer(reply, { method: 'GET', url: '/part' });
  const data = { id: 'l1', count: 3, note: null, tags: [], owner: null, mode: 'a', passwordHash: 'leak' };

  it('writes exactly what zod would, without fields the schema does not name, checked or not', () => {
    for (const check of [false, true]) expect(write(data as never, check)).toBe(JSON.stringify(reply.parse(data)));
  });

  it('refuses a part that does not fit its schema where the app checks replies', () => {
    expect(() => write({ ...data, count: 'three' } as never, true)).toThrow();
  });
});
