import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAs, userWithSession, type TestContext } from './test-app';

/**
 * Every JSON endpoint of the OpenAPI document gets hostile input as signed-out, buyer and admin: no answer is a
 * 5xx, and no rejected request changes the number of rows of any table.
 */
let ctx: TestContext;
let buyerId: string;
let adminId: string;
let countRows: () => Promise<Record<string, number>>;

// Failed sign-ins and rate-limit windows count every request, refused ones too, by design; traffic counters are
// flushed by a timer from earlier accepted page views.
const UNCOUNTED = /^(auth_throttle|authThrottle|rate_limits|rateLimits|traffic_|kysely_)/;
// Not JSON (multipart, raw image bytes, generated files) or not an API call.
const SKIPPED = new Set(['POST /api/listings/{id}/images', 'POST /api/chat/conversations/{id}/attachments']);

beforeAll(async () => {
  ctx = await createTestApp();
  buyerId = (await userWithSession(ctx, 'buyer')).user.id;
  adminId = (await userWithSession(ctx, 'admin')).user.id;
  const tables = (await ctx.db.introspection.getTables()).map((t) => t.name).filter((n) => !UNCOUNTED.test(n));
  const select = tables.map((t) => `(select count(*) from "${t}") as "${t}"`).join(', ');
  countRows = async () => {
    const { rows } = await sql<Record<string, number>>`select ${sql.raw(select)}`.execute(ctx.db);
    return Object.fromEntries(Object.entries(rows[0]).map(([k, v]) => [k, Number(v)]));
  };
});
afterAll(() => ctx.close());

type Operation = { method: string; path: string; query: string[]; bodyProps: string[]; hasParams: boolean };

const HUGE = 'x'.repeat(20_000);
const deep = (levels: number): unknown => (levels === 0 ? 'x' : { a: deep(levels - 1) });
const garbageCursor = Buffer.from('[1e308,"x"]').toString('base64url');

function pathVariants(op: Operation): string[] {
  const fill = (v: string) => op.path.replace(/\{[^}]+\}/g, v);
  if (!op.hasParams) return [op.path];
  return [fill('unknown-id-1'), fill('a%00b'), fill('x'.repeat(300)), fill('..%2F..%2Fadmin'), fill('1e308')];
}

function queryVariants(op: Operation): string[] {
  if (!op.query.length) return [];
  const all = (v: string) => op.query.map((q) => `${q}=${v}`).join('&');
  return [all('abc'), all('%00'), all('-1e308'), all('1.5'), all(HUGE.slice(0, 3000)), `cursor=${garbageCursor}`];
}

function bodyVariants(op: Operation): Array<{ payload?: string }> {
  if (['GET', 'HEAD'].includes(op.method)) return [{}];
  const props = op.bodyProps.length ? op.bodyProps : ['id', 'status', 'title'];
  const each = (v: unknown) => JSON.stringify(Object.fromEntries(props.map((p) => [p, v])));
  return [
    {},
    { payload: '"just a string"' },
    { payload: '[]' },
    { payload: '{}' },
    { payload: '{"unterminated": ' },
    { payload: each(12345) },
    { payload: each(HUGE) },
    { payload: each('a\u0000b') },
    { payload: each(deep(40)) },
    { payload: each([null, {}, -1e308]) },
    { payload: `${'['.repeat(3000)}${']'.repeat(3000)}` },
  ];
}

async function operations(): Promise<Operation[]> {
  const doc = (await ctx.app.inject({ url: '/api/openapi.json' })).json();
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries<Record<string, any>>(doc.paths)) {
    if (!path.startsWith('/api/')) continue;
    for (const [method, op] of Object.entries<any>(methods)) {
      const m = method.toUpperCase();
      if (SKIPPED.has(`${m} ${path}`)) continue;
      const params: Array<{ in: string; name: string }> = op.parameters ?? [];
      const schema = op.requestBody?.content?.['application/json']?.schema;
      ops.push({
        method: m,
        path,
        query: params.filter((p) => p.in === 'query').map((p) => p.name),
        bodyProps: Object.keys(schema?.properties ?? {}),
        hasParams: params.some((p) => p.in === 'path'),
      });
    }
  }
  return ops;
}

let ip = 0;
const nextIp = () => `10.77.${(ip >> 8) & 255}.${ip++ & 255}`;

describe('hostile input to every JSON endpoint', () => {
  it('never answers 5xx and never changes rows when it refuses', async () => {
    const ops = await operations();
    expect(ops.length).toBeGreaterThan(60);
    const failures: string[] = [];
    let requests = 0;
    for (const op of ops) {
      // Fresh sessions per endpoint: a sign-out accepted earlier must not blunt the rest.
      const roles = [
        ['signed out', undefined],
        ['buyer', (await signInAs(ctx, buyerId)).headers],
        ['admin', (await signInAs(ctx, adminId)).headers],
      ] as const;
      let before = await countRows();
      const urls = [...pathVariants(op), ...queryVariants(op).map((q) => `${pathVariants(op)[0]}?${q}`)];
      for (const [role, headers] of roles) {
        for (const url of urls) {
          for (const body of url === urls[0] ? bodyVariants(op) : [{}]) {
            requests++;
            const res = await ctx.app.inject({
              method: op.method as 'GET',
              url,
              remoteAddress: nextIp(),
              headers: { ...headers, ...(body.payload !== undefined ? { 'content-type': 'application/json' } : {}) },
              ...(body.payload !== undefined ? { payload: body.payload } : {}),
            });
            const label = `${op.method} ${url.slice(0, 120)} as ${role} with ${(body.payload ?? '').slice(0, 40)}`;
            if (res.statusCode >= 500) failures.push(`${label} → ${res.statusCode} ${res.body.slice(0, 200)}`);
            const after = await countRows();
            if (res.statusCode >= 400) {
              const changed = Object.keys(after).filter((t) => after[t] !== before[t]);
              if (changed.length) failures.push(`${label} → ${res.statusCode} changed ${changed.join(', ')}`);
            }
            before = after;
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(1000);
  }, 180_000);
});
