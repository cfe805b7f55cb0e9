import { describe, expect, it } from 'vitest';
import type { ReviewInput } from '@accountry/shared/admin-reports';
import type { DatabaseHandle } from '../../db/database';
import { createUser, userWithSession, type TestContext } from '../../test/test-app';
import type { Interleave } from '../../test/interleave';
import { useRaceTestApp } from '../../test/race-app';
import { auditRows, insertFeedback, insertReport } from './admin-test-fixtures';
import { reviewFeedback, reviewReport } from './admin-reports.service';

/**
 * A review that names the status the row had when the request read it ("open") moves nothing, but its write is
 * still decided on the status read: once another admin resolved the row in between, writing "open" over their
 * "resolved" would reopen it after the reporter was mailed that it was closed. 409, nothing written.
 */
let interleave: Interleave;
let ctx: TestContext;
let second: DatabaseHandle;
useRaceTestApp((race) => ({ ctx, second, interleave } = race));

const kinds = [
  {
    kind: 'report',
    table: 'reports' as const,
    make: async () => {
      const reporter = await createUser(ctx);
      const report = await insertReport(ctx, { targetType: 'user', targetId: reporter.id, reporterId: reporter.id });
      return report.id;
    },
    url: (id: string) => `/api/admin/reports/${id}`,
    review: reviewReport,
  },
  {
    kind: 'rate-us submission',
    table: 'feedback' as const,
    make: () => insertFeedback(ctx),
    url: (id: string) => `/api/admin/feedback/${id}`,
    review: reviewFeedback,
  },
];

describe.each(kinds)('a $kind status sent as it was read', ({ table, make, url, review }) => {
  const stored = (id: string) =>
    ctx.db.selectFrom(table).select(['status', 'note']).where('id', '=', id).executeTakeFirstOrThrow();

  async function racing(id: string, mine: ReviewInput, theirs: ReviewInput) {
    const [admin, otherAdmin] = [await userWithSession(ctx, 'admin'), await userWithSession(ctx, 'admin')];
    interleave.arm(table, async () => {
      await review({ ...ctx.deps, db: second }, otherAdmin.user, id, theirs);
    });
    const res = await ctx.app.inject({ method: 'PATCH', url: url(id), headers: admin.session.headers, payload: mine });
    interleave.disarm();
    return res;
  }

  it('does not undo another admin’s resolve committed after the request read the row (409)', async () => {
    const id = await make();
    const res = await racing(id, { status: 'open' }, { status: 'resolved' });
    expect({ code: res.statusCode, stored: await stored(id) }).toEqual({
      code: 409,
      stored: { status: 'resolved', note: '' },
    });
    expect(await auditRows(ctx, id)).toHaveLength(1);
  });
});
