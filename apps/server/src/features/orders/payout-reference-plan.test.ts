import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { createTestDatabase } from '../../test/test-app';
import { sqlitePlanOf } from '../../test/sqlite-plans';
import { otherPayoutWithReference } from './payout-reference.service';

/**
 * Marking a payout paid or correcting its reference looks for another payout with that reference (decision 188): on
 * the index of reference keys, never by reading every payout ever paid.
 */
describe('the plan of the look-up of a transfer reference', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  async function planLines() {
    if (handle.engine === 'sqlite') {
      const { plan, result } = await sqlitePlanOf(handle.url, /from "payouts"/, (db) =>
        otherPayoutWithReference(db, ' TRF-2026-0417 ', 'payout-id').execute(),
      );
      expect(result).toEqual([]);
      return plan;
    }
    // PostgreSQL weighs its statistics (an empty table is read whole); without a sequential scan it shows an index.
    const query = otherPayoutWithReference(handle.db, ' TRF-2026-0417 ', 'payout-id').compile();
    // Compared by the key: the reference trimmed, in lower case.
    expect(query.parameters).toContain('trf-2026-0417');
    const rows = await handle.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const explain = CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]);
      return (await trx.executeQuery<{ 'QUERY PLAN': string }>(explain)).rows;
    });
    return rows.map((r) => r['QUERY PLAN']).join(' | ');
  }

  it('seeks the key on its index, the latest first', async () => {
    const plan = await planLines();
    const sqlite = /SEARCH p USING INDEX payouts_reference_key_idx \(reference_key=\?\)/;
    const postgres =
      /Scan Backward using payouts_reference_key_idx on payouts p {2}\([^|]*\) \| +Index Cond: \(reference_key/;
    expect(plan).toMatch(handle.engine === 'sqlite' ? sqlite : postgres);
    // The latest comes from the index's order, not a sort of every payout with the key.
    expect(plan).not.toMatch(/TEMP B-TREE|Sort/);
    expect(plan).not.toMatch(/SCAN p\b|Seq Scan on payouts/);
  });
});
