import { afterEach, describe, expect, it, vi } from 'vitest';
import { DefaultQueryExecutor, sql, type CompiledQuery } from 'kysely';
import type { DatabaseHandle } from '../../db/database';
import type { Interleave } from '../../test/interleave';
import { useRaceTestApp } from '../../test/race-app';
import { testEngine, userWithSession, type TestContext } from '../../test/test-app';
import { deleteNotification, updateNotification } from './announcements.service';
import { ADMIN_BASE, USER_BASE, auditActions, createAnnouncement } from './announcements-test-helpers';

let interleave: Interleave;
let ctx: TestContext;
let second: DatabaseHandle;
useRaceTestApp((race) => ({ ctx, second, interleave } = race));
afterEach(() => {
  interleave.disarm();
  vi.restoreAllMocks();
});

/**
 * Runs `between` once, just before the first statement writing the users' announcement states executes: the fix
 * leaves no read before that write to stop at, so the other request lands right before the write itself.
 */
function beforeStateWrite(between: () => Promise<void>) {
  const execute = DefaultQueryExecutor.prototype.executeQuery;
  let pending = true;
  vi.spyOn(DefaultQueryExecutor.prototype, 'executeQuery').mockImplementation(async function (
    this: DefaultQueryExecutor,
    query: CompiledQuery,
  ) {
    if (pending && /^insert into "announcement_states"/i.test(query.sql)) {
      pending = false;
      await between();
    }
    return execute.call(this, query);
  } as typeof execute);
}

describe('announcement deletes decided on a stale read', () => {
  it('a delete that another admin’s publish overtook answers 409 and leaves the announcement live', async () => {
    const a = await userWithSession(ctx, 'admin');
    const b = await userWithSession(ctx, 'admin');
    const draft = await createAnnouncement(ctx, a.session, {
      title: 'Planned outage',
      status: 'draft',
      targetUsers: 'seller',
    });
    interleave.arm('announcements', async () => {
      ctx.clock.advance(1000);
      await updateNotification({ ...ctx.deps, db: second }, b.user, draft.id, { status: 'active', targetUsers: 'all' });
    });
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `${ADMIN_BASE}/${draft.id}`,
      headers: a.session.headers,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('This was changed in the meantime. Reload the page and try again.');
    const row = await ctx.db.selectFrom('announcements').selectAll().where('id', '=', draft.id).executeTakeFirst();
    expect(row).toMatchObject({ status: 'active', targetKind: 'all' });
    expect((await auditActions(ctx, draft.id)).map((r) => r.action)).not.toContain('announcement.delete');
  });
});

describe('a member’s read or dismiss of an announcement deleted meanwhile', () => {
  it.each(['read', 'dismiss'])('%s answers 404 "Notification not found" and writes no state', async (action) => {
    const admin = await userWithSession(ctx, 'admin');
    const member = await userWithSession(ctx, 'buyer');
    const created = await createAnnouncement(ctx, admin.session, { title: 'Maintenance tonight' });
    beforeStateWrite(() => deleteNotification({ ...ctx.deps, db: second }, admin.user, created.id));
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${USER_BASE}/${created.id}/${action}`,
      headers: member.session.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Notification not found');
    const states = await ctx.db
      .selectFrom('announcementStates')
      .select('notificationId')
      .where('userId', '=', member.user.id)
      .execute();
    expect(states).toEqual([]);
  });

  it('dismiss all skips an announcement deleted just before its write', async () => {
    const admin = await userWithSession(ctx, 'admin');
    const member = await userWithSession(ctx, 'buyer');
    const gone = await createAnnouncement(ctx, admin.session, { title: 'Maintenance tonight', targetUsers: 'buyer' });
    const kept = await createAnnouncement(ctx, admin.session, { title: 'New payout times', targetUsers: 'buyer' });
    beforeStateWrite(() => deleteNotification({ ...ctx.deps, db: second }, admin.user, gone.id));
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${USER_BASE}/dismiss-all`,
      headers: member.session.headers,
    });
    expect(res.statusCode).toBe(200);
    const states = await ctx.db
      .selectFrom('announcementStates')
      .select(['notificationId', 'dismissed'])
      .where('userId', '=', member.user.id)
      .execute();
    expect(states).toContainEqual({ notificationId: kept.id, dismissed: true });
    expect(states.map((s) => s.notificationId)).not.toContain(gone.id);
    expect(res.json()).toEqual({ dismissed: states.length });
  });

  it.runIf(testEngine === 'postgres')(
    'dismiss answers 404 when the delete commits while the write waits on the announcement row (PostgreSQL)',
    async () => {
      const admin = await userWithSession(ctx, 'admin');
      const member = await userWithSession(ctx, 'buyer');
      const created = await createAnnouncement(ctx, admin.session, { title: 'Maintenance tonight' });
      let deleted!: () => void;
      const deleting = new Promise<void>((resolve) => (deleted = resolve));
      let answer: Promise<{ statusCode: number; body: string }> | undefined;
      // The delete stays uncommitted until the member's write waits on its row lock, then commits under it.
      await second.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('announcements').where('id', '=', created.id).execute();
        deleted();
        await waitForStateWriteToBlock();
      });
      await deleting;
      const res = await answer!;
      expect(res.statusCode).toBe(404);
      expect(JSON.parse(res.body).error.message).toBe('Notification not found');

      async function waitForStateWriteToBlock() {
        answer = ctx.app.inject({
          method: 'POST',
          url: `${USER_BASE}/${created.id}/dismiss`,
          headers: member.session.headers,
        });
        for (let i = 0; i < 200; i++) {
          const { rows } = await sql<{ n: number }>`
            select count(*) as n from pg_stat_activity
            where wait_event_type = 'Lock' and query like 'insert into "announcement_states"%'`.execute(ctx.db);
          if (Number(rows[0].n) > 0) return;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        throw new Error('the member’s write never waited on the deleted row');
      }
    },
  );
});
