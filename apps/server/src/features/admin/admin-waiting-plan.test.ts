import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { ManualClock } from '../../lib/clock';
import { createTestDatabase, createUser, testEngine } from '../../test/test-app';
import { pgAnalyzedPlan, rowsReadFrom } from '../../test/postgres-plans';
import { sqlitePlanOf } from '../../test/sqlite-plans';
import { insertListing } from './admin-test-fixtures';
import { adminWaitingQuery, countAdminWaiting } from './admin-waiting.repository';

/** The admin's count runs on every admin page: each of its counts reads an index, never a table (decision 186). */
describe('the plan of what waits for an admin', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  async function planLines() {
    if (handle.engine === 'sqlite') {
      const { plan, result } = await sqlitePlanOf(handle.url, /count\(\*\)/, (db) => countAdminWaiting(db));
      expect(result.disputes).toBe(0);
      return plan;
    }
    // PostgreSQL weighs its statistics (an empty table is read whole); without a sequential scan it shows an index.
    const query = adminWaitingQuery(handle.db).compile();
    expect(query.parameters).toEqual([]);
    const rows = await handle.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      return (await sql<{ 'QUERY PLAN': string }>`explain ${sql.raw(query.sql)}`.execute(trx)).rows;
    });
    return rows.map((r) => r['QUERY PLAN']).join(' | ');
  }

  it('counts the disputes, chargebacks to recover and refused refunds on partial indexes, the rest on status indexes', async () => {
    const plan = await planLines();
    expect(plan).toContain('orders_admin_dispute_idx');
    expect(plan).toContain('chargebacks_open_idx');
    // Only the lost chargebacks with money left to recover: the count does not grow with those recovered or won.
    expect(plan).toContain('chargebacks_to_recover_idx');
    // Only the card refunds Stripe refused: not the many sent (decision 095).
    expect(plan).toContain('stripe_refunds_refused_idx');
    // Only the open disputes of refunded payments (decision 244).
    expect(plan).toContain('refunded_payment_disputes_open_idx');
    expect(plan).toMatch(/payouts_status_idx/);
    // Only the hidden listings whose seller asked for another look (decision 259); PostgreSQL, weighing empty tables,
    // may take the status index here, so it is pinned on rows below.
    if (handle.engine === 'sqlite') expect(plan).toContain('listings_review_requested_idx');
    // An index of reports by kind: the status or the time after it, or the index of unresolved reports only (decision
    // 053; PostgreSQL's choices on so few rows): none grows with the reports already resolved.
    expect(plan).toMatch(/(INDEX|using) (reports_type_(status_)?created_idx|reports_open_reporter_idx)/);
    expect(plan).not.toMatch(
      /SCAN (orders|payouts|chargebacks|reports|stripe_refunds|refunded_payment_disputes|listings|l)\b(?! USING)|Seq Scan/,
    );
  });
});

describe.skipIf(testEngine === 'sqlite')('the count of listings waiting for a review on PostgreSQL', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('reads the few requests, not every hidden listing (a closed account hides all of its own)', async () => {
    const arrange = { db: handle.db, clock: new ManualClock(Date.UTC(2026, 11, 17)) };
    const seller = await createUser(arrange, { role: 'seller' });
    for (let i = 0; i < 300; i++) {
      const asked = i % 100 === 0 ? { reviewRequestedAt: arrange.clock.now() } : {};
      await insertListing(arrange, seller.id, { status: 'hidden', hiddenReason: 'Closed', ...asked });
    }
    await sql`analyze listings`.execute(handle.db);
    const plan = await pgAnalyzedPlan(handle.db, adminWaitingQuery(handle.db));
    expect((await countAdminWaiting(handle.db)).listingReviews).toBe(3);
    expect(rowsReadFrom(plan, 'listings')).toBeLessThanOrEqual(3);
  });
});
