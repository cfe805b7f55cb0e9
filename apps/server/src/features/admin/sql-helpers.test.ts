import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../db/database';
import { preparedQuery } from '../../db/prepared-query';
import { createTestDatabase, testEngine } from '../../test/test-app';
import { asCte, CANDIDATE_LIMIT, fewCandidates, whenFew } from './sql-helpers';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

/**
 * A search statement's skeleton: `found` candidates, then the two gated branches. The walk branch takes a number from
 * a sequence for each row it reads, so the sequence shows whether it ran.
 */
const gated = preparedQuery((db, a: { found: number }) =>
  db
    .with('keys', () =>
      asCte(sql<{ key: number }>`select g as key from generate_series(1, ${a.found}) g limit ${CANDIDATE_LIMIT}`),
    )
    .with('few', () => fewCandidates('keys'))
    .selectFrom(sql<{ branch: string }>`(select 'few' as branch where ${whenFew(true)})`.as('fewPage'))
    .selectAll()
    .unionAll(
      db
        .selectFrom(
          sql<{ branch: string }>`(select 'walk' as branch from generate_series(1, 3) g
            where ${whenFew(false)} and nextval('walk_reads') > 0 limit 1)`.as('walkPage'),
        )
        .selectAll(),
    ),
);

describe.runIf(testEngine === 'postgres')('a search in one statement (PostgreSQL)', () => {
  it('runs the candidates branch for up to 1,000 candidates and the walk for more, never both', async () => {
    await sql`create sequence walk_reads`.execute(handle.db);
    const walked = async () =>
      (await sql<{ called: boolean }>`select is_called as called from walk_reads`.execute(handle.db)).rows[0].called;
    for (const found of [0, 1, 1000]) {
      expect(await gated.execute(handle.db, { found }), `${found} candidates`).toEqual([{ branch: 'few' }]);
    }
    expect(await walked()).toBe(false);
    for (const found of [1001, 5000]) {
      expect(await gated.execute(handle.db, { found }), `${found} candidates`).toEqual([{ branch: 'walk' }]);
    }
    expect(await walked()).toBe(true);
  });
});
