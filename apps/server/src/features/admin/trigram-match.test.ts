import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, createUser, testEngine, userWithSession, type TestContext } from '../../test/test-app';
import { trigramMatch } from './trigram-match';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof userWithSession>>;
const wanted: string[] = [];
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await userWithSession(ctx, 'admin');
  // "member" is in every e-mail; "0042x" only in the one searched for and in a decoy that lacks the whole search.
  for (let i = 0; i < 200; i++) await createUser(ctx, { email: `member${String(i).padStart(4, '0')}@example.test` });
  wanted.push((await createUser(ctx, { email: 'member0042x@example.test' })).id);
  await createUser(ctx, { email: 'other0042x@example.test', displayName: 'Decoy member' });
});
afterAll(() => ctx.close());

it.runIf(testEngine === 'sqlite')('asks FTS5 for the rarest trigrams of a search, not the common ones', async () => {
  const match = await trigramMatch(ctx.db, 'users', 'member0042x');
  expect(match).toMatch(/^"[^"]{3}"( AND "[^"]{3}"){0,2}$/);
  for (const common of ['mem', 'emb', 'mbe', 'ber']) expect(match).not.toContain(`"${common}"`);
  // Nothing to skip when every trigram is common, and text beyond ASCII keeps the whole phrase.
  expect(await trigramMatch(ctx.db, 'users', 'member')).toBe('"member"');
  expect(await trigramMatch(ctx.db, 'users', 'mémber0042x')).toBe('"mémber0042x"');
});

it('finds exactly the rows containing the whole search, never a row with only its rare trigrams', async () => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/admin/users?q=member0042x',
    headers: admin.session.headers,
  });
  expect(res.statusCode).toBe(200);
  expect(res.json().items.map((u: { id: string }) => u.id)).toEqual(wanted);
});
