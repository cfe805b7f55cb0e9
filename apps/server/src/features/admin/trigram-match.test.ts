import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, createUser, testEngine, userWithSession, type TestContext } from '../../test/test-app';
import type { UsersTable } from '../../db/schema';
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

it.runIf(testEngine === 'sqlite')('judges a trigram by its share of all the rows, not of the newest ones', async () => {
  const own = await createTestApp();
  try {
    // 2,000 older members share "legacy"; the 500 newest do not, so among the newest alone it would look rare.
    const member = (i: number, word: string): UsersTable => ({
      id: `${word}-${i}`,
      email: `${word}${String(i).padStart(4, '0')}@example.test`,
      displayName: 'Member',
      passwordHash: 'x',
      phoneNumber: '',
      role: 'buyer',
      profileComplete: true,
      emailVerified: true,
      disabled: false,
      createdAt: i,
      lastActive: i,
    });
    for (const [word, count] of [
      ['legacy', 2000],
      ['fresh', 500],
    ] as const)
      for (let start = 0; start < count; start += 250)
        await own.db
          .insertInto('users')
          .values(Array.from({ length: Math.min(250, count - start) }, (_, k) => member(start + k, word)))
          .execute();
    const match = await trigramMatch(own.db, 'users', 'legacy0042');
    for (const common of ['leg', 'ega', 'gac', 'acy']) expect(match).not.toContain(`"${common}"`);
    expect(match).toMatch(/^"[^"]{3}"( AND "[^"]{3}"){0,2}$/);
  } finally {
    await own.close();
  }
});
