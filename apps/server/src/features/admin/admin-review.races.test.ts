import { describe, expect, it } from 'vitest';
import type { ReviewInput } from '@accountry/shared/admin-reports';
import type { DatabaseHandle } from '../../db/database';
import { createUser, userWithSession, type TestContext } from '../../test/test-app';
import type { Interleave } from '../../test/interleave';
import { useRaceTestApp } from '../../test/race-app';
import { auditRows, insertFeedback, insertReport } from './admin-test-fixtures';
import { reviewFeedback, reviewReport } from './admin-reports.service';

/** Two admins reviewing one report or rate-us submission at once: the second write finds the first and answers 409. */
let interleave: Interleave;
let ctx: TestContext;
let second: DatabaseHandle;
useRaceTestApp((race) => ({ ctx, second, interleave } = race));

const noteChanged =
  'Another admin changed this note in the meantime. Reload the note to see theirs before saving yours.';
const changedMeanwhile = 'This was changed in the meantime. Reload the page and try again.';

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

describe.each(kinds)('two admins reviewing one $kind', ({ table, make, url, review }) => {
  const stored = (id: string) =>
    ctx.db.selectFrom(table).select(['status', 'note']).where('id', '=', id).executeTakeFirstOrThrow();

  /** The request of the admin `admin` for `id`, after another admin's review committed once the request read it. */
  async function racing(id: string, mine: ReviewInput, theirs: ReviewInput) {
    const [admin, otherAdmin] = [await userWithSession(ctx, 'admin'), await userWithSession(ctx, 'admin')];
    interleave.arm(table, async () => {
      await review({ ...ctx.deps, db: second }, otherAdmin.user, id, theirs);
    });
    return ctx.app.inject({ method: 'PATCH', url: url(id), headers: admin.session.headers, payload: mine });
  }

  it('a note saved by the other after this request read the row is not overwritten (409)', async () => {
    const id = await make();
    const res = await racing(id, { note: 'Mine.', noteSeen: '' }, { note: 'Theirs.', noteSeen: '' });
    expect([res.statusCode, res.json().error.message]).toEqual([409, noteChanged]);
    expect(await stored(id)).toEqual({ status: 'open', note: 'Theirs.' });
    expect(await auditRows(ctx, id)).toHaveLength(1);
  });

  it('a status moved by the other after this request read the row is not moved again (409)', async () => {
    const id = await make();
    const res = await racing(id, { status: 'in_progress' }, { status: 'resolved' });
    expect([res.statusCode, res.json().error.message]).toEqual([409, changedMeanwhile]);
    expect(await stored(id)).toEqual({ status: 'resolved', note: '' });
    expect(await auditRows(ctx, id)).toHaveLength(1);
  });

  it('of two saves sent at once from the same note, one lands and the other answers 409', async () => {
    const id = await make();
    const [a, b] = [await userWithSession(ctx, 'admin'), await userWithSession(ctx, 'admin')];
    const save = (session: typeof a.session, note: string) =>
      ctx.app.inject({ method: 'PATCH', url: url(id), headers: session.headers, payload: { note, noteSeen: '' } });
    const answers = await Promise.all([save(a.session, 'From A.'), save(b.session, 'From B.')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const landed = answers.find((r) => r.statusCode === 200)!.json().note;
    expect(await stored(id)).toEqual({ status: 'open', note: landed });
  });
});
