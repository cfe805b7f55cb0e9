import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../db/database';
import { preparedQuery } from '../../db/prepared-query';
import { createTestDatabase, testEngine } from '../../test/test-app';
import { asCte, CANDIDATE_LIMIT, candidatesPage, fewCandidates, pageOfFew } from './sql-helpers';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

/**
 * A search statement's skeleton: `found` candidates, and a page of at most three of them that takes a number from a
 * sequence for each row it reads, so the sequence shows whether it ran.
 */
const searchPage = preparedQuery((db, a: { found: number }) =>
  candidatesPage(
    db
      .with('keys', () =>
        asCte(sql<{ key: number }>`select g as key from generate_series(1, ${a.found}) g limit ${CANDIDATE_LIMIT}`),
      )
      .with('few', () => fewCandidates('keys')),
    db
      .selectFrom(
        sql<{ id: string; createdAt: number }>`(select key::text as id, key as created_at from keys
          where nextval('page_reads') > 0 order by key limit 3)`.as('candidates'),
      )
      .selectAll(),
  ),
);

describe.runIf(testEngine === 'postgres')('a search in one statement (PostgreSQL)', () => {
  it('reads the page among up to 1,000 candidates, newest first, and not the page of more', async () => {
    await sql`create sequence page_reads`.execute(handle.db);
    const read = async () =>
      (await sql<{ called: boolean }>`select is_called as called from page_reads`.execute(handle.db)).rows[0].called;
    const page = async (found: number) => pageOfFew(await searchPage.execute(handle.db, { found }));
    for (const found of [1001, 5000]) expect(await page(found), `${found} candidates`).toBeNull();
    expect(await read()).toBe(false);
    expect(await page(0)).toEqual([]);
    expect(await page(1)).toEqual([{ id: '1', createdAt: 1 }]);
    expect(await page(1000)).toEqual([
      { id: '3', createdAt: 3 },
      { id: '2', createdAt: 2 },
      { id: '1', createdAt: 1 },
    ]);
    expect(await read()).toBe(true);
  });
});
