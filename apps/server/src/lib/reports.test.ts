import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportsTable } from '../db/schema';
import { DUPLICATE_REPORT_NOTE, up } from '../db/migrations/2026-12-04T0400-one-open-report';
import { createTestApp, createUser, type TestContext } from '../test/test-app';
import { insertOpenReport } from './reports';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const row = (id: string, over: Partial<ReportsTable> & Pick<ReportsTable, 'targetId' | 'reporterId'>) => ({
  id,
  targetType: 'listing' as const,
  reason: 'scam',
  message: '',
  status: 'open' as const,
  note: '',
  createdAt: 1_000,
  updatedAt: 1_000,
  ...over,
});

describe('one open report per member and target', () => {
  it('the migration resolves what a member filed twice, keeping their oldest open report, then holds it', async () => {
    const [a, b, c] = await Promise.all([createUser(ctx), createUser(ctx), createUser(ctx)]);
    // The data the index could not be built on: reports filed twice before it existed.
    await ctx.db.schema.dropIndex('reports_open_reporter_idx').execute();
    await ctx.db
      .insertInto('reports')
      .values([
        row('r-a-resolved', { targetId: 'l1', reporterId: a.id, status: 'resolved', note: 'Done.', createdAt: 500 }),
        row('r-a-oldest', { targetId: 'l1', reporterId: a.id, createdAt: 1_000 }),
        row('r-a-working', {
          targetId: 'l1',
          reporterId: a.id,
          status: 'in_progress',
          note: 'Checking.',
          createdAt: 2_000,
        }),
        row('r-a-newest', { targetId: 'l1', reporterId: a.id, createdAt: 3_000 }),
        row('r-a-other', { targetId: 'l2', reporterId: a.id, createdAt: 4_000 }),
        row('r-b', { targetId: 'l1', reporterId: b.id, createdAt: 5_000 }),
        row('r-c-2', { targetId: 'l1', reporterId: c.id, createdAt: 6_000 }),
        row('r-c-1', { targetId: 'l1', reporterId: c.id, createdAt: 6_000 }),
      ])
      .execute();

    await up(ctx.db);

    const rows = await ctx.db.selectFrom('reports').select(['id', 'status', 'note']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'r-a-newest', status: 'resolved', note: DUPLICATE_REPORT_NOTE },
      { id: 'r-a-oldest', status: 'open', note: '' },
      { id: 'r-a-other', status: 'open', note: '' },
      { id: 'r-a-resolved', status: 'resolved', note: 'Done.' },
      { id: 'r-a-working', status: 'resolved', note: `Checking. ${DUPLICATE_REPORT_NOTE}` },
      { id: 'r-b', status: 'open', note: '' },
      { id: 'r-c-1', status: 'open', note: '' },
      { id: 'r-c-2', status: 'resolved', note: DUPLICATE_REPORT_NOTE },
    ]);

    const again = { targetType: 'listing' as const, targetId: 'l1', reporterId: a.id, reason: 'scam', message: '' };
    await expect(insertOpenReport(ctx.db, again, 7_000, 'Reported already.')).rejects.toMatchObject({
      statusCode: 409,
      message: 'Reported already.',
    });
    // Resolved, it no longer counts: a new report of the same target is filed.
    await ctx.db.updateTable('reports').set({ status: 'resolved' }).where('id', '=', 'r-a-oldest').execute();
    expect(await insertOpenReport(ctx.db, again, 8_000, 'Reported already.')).toEqual(expect.any(String));
  });
});
