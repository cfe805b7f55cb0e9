import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, createUser, testEngine, userWithSession, type TestContext } from '../../test/test-app';
import type { UsersTable } from '../../db/schema';
import { statementCounter } from '../../test/statement-counter';
import { ftsMatch, rareTrigrams } from './trigram-match';
import { listUsers } from './admin-users-list.repository';
import { listListings } from './admin-listings-list.repository';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof userWithSession>>;
const wanted: string[] = [];
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await userWithSession(ctx, 'admin');
  // "member" is in every email; "0042x" only in the one searched for and in a decoy that lacks the whole search.
  for (let i = 0; i < 200; i++) await createUser(ctx, { email: `member${String(i).padStart(4, '0')}@example.test` });
  wanted.push((await createUser(ctx, { email: 'member0042x@example.test' })).id);
  await createUser(ctx, { email: 'other0042x@example.test', displayName: 'Decoy member' });
});
afterAll(() => ctx.close());

it('looks a search up by its rarest trigrams, not the common ones', async () => {
  const rare = await rareTrigrams(ctx.db, testEngine, 'users', 'member0042x');
  expect(rare?.length).toBeGreaterThan(0);
  expect(rare!.length).toBeLessThanOrEqual(3);
  for (const common of ['mem', 'emb', 'mbe', 'ber']) expect(rare).not.toContain(common);
  // Nothing to skip when every trigram is common, and text beyond ASCII is looked up whole.
  expect(await rareTrigrams(ctx.db, testEngine, 'users', 'member')).toBeNull();
  expect(await rareTrigrams(ctx.db, testEngine, 'users', 'mémber0042x')).toBeNull();
});

it.runIf(testEngine === 'sqlite')(
  'asks FTS5 for the rare trigrams joined with AND, or for the search as a phrase',
  () => {
    expect(ftsMatch('member0042x', ['r00', '042'])).toBe('"r00" AND "042"');
    expect(ftsMatch('say "hi"', null)).toBe('"say ""hi"""');
  },
);

it.runIf(testEngine === 'postgres')('asks pg_trgm only for trigrams of letters and digits', async () => {
  // "2x@" and "x@e" are rare here, but pg_trgm splits words at "@": no index holds them.
  const rare = await rareTrigrams(ctx.db, testEngine, 'users', 'member0042x@example');
  expect(rare?.length).toBeGreaterThan(0);
  for (const trigram of rare!) expect(trigram).toMatch(/^[a-z0-9]{3}$/);
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

it('judges a trigram by its share of all the rows, not of the newest ones', async () => {
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
    const rare = await rareTrigrams(own.db, testEngine, 'users', 'legacy0042');
    expect(rare?.length).toBeGreaterThan(0);
    for (const common of ['leg', 'ega', 'gac', 'acy']) expect(rare).not.toContain(common);
  } finally {
    await own.close();
  }
});

it('reads the sample once for the searches that arrive while it is read', async () => {
  const statements = statementCounter();
  // A handle of its own, so no sample is held for it yet.
  const counted = ctx.db.withPlugin(statements.plugin);
  const searches = ['member0042x', 'member0007', 'other0042x', 'decoy'];
  const answers = await Promise.all(searches.map((search) => rareTrigrams(counted, testEngine, 'users', search)));
  expect(answers[0]?.length).toBeGreaterThan(0);
  expect(statements.count).toBe(1);
  await rareTrigrams(counted, testEngine, 'users', 'member0100');
  expect(statements.count).toBe(1);
});

// Decision 152: each statement is a round trip to PostgreSQL. A common search keeps its lookup apart from the page,
// because PostgreSQL would plan the one statement anew on every run for it.
it.runIf(testEngine === 'postgres')('answers a rare search in one statement on PostgreSQL', async () => {
  const statements = statementCounter();
  const counted = ctx.db.withPlugin(statements.plugin);
  const search = (q: string) => listUsers(counted, testEngine, { q, cursor: undefined, limit: 25 });
  const searchListings = (q: string) => listListings(counted, testEngine, { q, cursor: undefined, limit: 25 });
  await Promise.all([search('member0042x'), searchListings('member0042x')]); // the samples, read once
  statements.count = 0;
  expect((await search('member0042x')).items.map((u) => u.id)).toEqual(wanted);
  expect(statements.count).toBe(1);
  expect((await searchListings('member0042x')).items).toEqual([]);
  expect(statements.count).toBe(2);
  expect((await search('member')).items.length).toBe(25);
  expect(statements.count).toBe(4);
});
