import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { createTestDatabase } from '../../test/test-app';
import { sqlitePlanOf } from '../../test/sqlite-plans';
import { payoutPageQuery } from './wallet.service';

/** A member's page of payouts past a cursor seeks their rows on `payouts_user_idx`, in its order: no sort, no scan. */
describe("the plan of a member's page of payouts", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  const page = (db: DatabaseHandle['db']) => payoutPageQuery(db, { userId: 'member-id', after: [1_000, 'payout-id'] });

  async function planLines() {
    if (handle.engine === 'sqlite') {
      const { plan, result } = await sqlitePlanOf(handle.url, /from "payouts"/, (db) => page(db).execute());
      expect(result).toEqual([]);
      return plan;
    }
    // PostgreSQL weighs its statistics (an empty table is read whole); without a sequential scan it shows an index.
    const query = page(handle.db).compile();
    const rows = await handle.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const explain = CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]);
      return (await trx.executeQuery<{ 'QUERY PLAN': string }>(explain)).rows;
    });
    return rows.map((r) => r['QUERY PLAN']).join(' | ');
  }

  it('seeks the member on their index, newest first', async () => {
    const plan = await planLines();
    const sqlite = /SEARCH p USING INDEX payouts_user_idx \(user_id=\?/;
    const postgres = /Index Scan Backward using payouts_user_idx on payouts p/;
    expect(plan).toMatch(handle.engine === 'sqlite' ? sqlite : postgres);
    expect(plan).not.toMatch(/TEMP B-TREE|Sort/);
    expect(plan).not.toMatch(/SCAN p\b|Seq Scan on payouts/);
  });
});
