import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchTerms } from '@accountry/shared/listing-browse';
import { createUser, testEngine } from '../../test/test-app';
import { createTestAppWithUploads, insertTestListing } from '../../test/listing-fixtures';

// Decision 041: every word of a search must match, and both engines answer alike. PostgreSQL's 'english'
// configuration ignores these words (its tsearch_data/english.stop); a word only one engine dropped was neither found
// nor required on PostgreSQL ("up level" found a listing without "up") while SQLite required it.
const POSTGRES_STOP_WORDS =
  'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its itself they them their theirs themselves what which who whom this that these those am is are was were be been being have has had having do does did doing a an the and but if or because as until while of at by for with about against between into through during before after above below to from up down in out on off over under again further then once here there when where why how all any both each few more most other some such no nor not only own same so than too very s t can will just don should now'.split(
    ' ',
  );

let ctx: Awaited<ReturnType<typeof createTestAppWithUploads>>;
beforeAll(async () => {
  ctx = await createTestAppWithUploads();
  const sellerId = (await createUser(ctx, { role: 'seller' })).id;
  await insertTestListing(ctx, sellerId, { title: 'Level up account', description: 'Ranked ready.' });
  await insertTestListing(ctx, sellerId, { title: 'Level account', description: 'Ranked ready.' });
  await insertTestListing(ctx, sellerId, { title: 'Champions account', description: 'Ranked ready.' });
});
afterAll(() => ctx.close());

const titles = async (q: string) => {
  const res = await ctx.app.inject({ url: `/api/listings?q=${encodeURIComponent(q)}` });
  expect(res.statusCode).toBe(200);
  return (res.json() as { items: Array<{ title: string }> }).items.map((i) => i.title).sort();
};

describe('search words PostgreSQL ignores are dropped on both engines', () => {
  it('a search with one of them answers as without it, on either engine', async () => {
    expect(await titles('up level')).toEqual(['Level account', 'Level up account']);
    expect(await titles('very level only')).toEqual(['Level account', 'Level up account']);
    expect(await titles('champions')).toEqual(['Champions account']);
  });

  it('the search terms drop every one of them, and keep the words of a listing', () => {
    expect(POSTGRES_STOP_WORDS).toHaveLength(127);
    expect(searchTerms(POSTGRES_STOP_WORDS.join(' '))).toEqual([]);
    expect(searchTerms('Level up all champions, own account')).toEqual(['level', 'champions', 'account']);
  });

  it.runIf(testEngine === 'postgres')('PostgreSQL ignores exactly those words and keeps the others', async () => {
    const kept = ['level', 'champions', 'account', 'valorant', 'skins', 'ranked', 'full', 'access', 'original'];
    const rows = await sql<{ word: string; lexemes: string }>`
      select w as word, to_tsvector('english', w)::text as lexemes from unnest(${[...POSTGRES_STOP_WORDS, ...kept]}::text[]) w
    `.execute(ctx.db);
    const ignored = rows.rows.filter((r) => r.lexemes === '').map((r) => r.word);
    expect(ignored).toEqual(POSTGRES_STOP_WORDS);
  });
});
