import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { FORBIDDEN, type AdminRequest } from '../../test/admin-demotion';
import type { Interleave } from '../../test/interleave';
import { useRaceTestApp } from '../../test/race-app';
import { signInAs, userWithSession, type TestContext } from '../../test/test-app';
import type { AuthUser } from '../../plugins/auth';
import { deleteUser } from './admin-users.service';
import { insertFeedback, insertListing, insertReport } from './admin-test-fixtures';

/**
 * An admin whose account another admin deleted (soft delete: role and `disabled` untouched, deleted_users says
 * 'unresolved') after their request's guard passed must be refused as a demoted or disabled one is (decision 219):
 * a deleted account cannot sign in and can no longer act.
 */
let race: { ctx: TestContext; interleave: Interleave; second: DatabaseHandle };
useRaceTestApp((r) => {
  race = r;
});
const ctx = () => race.ctx;

const member = async () => (await userWithSession(ctx(), 'seller')).user.id;

async function actAsDeletedAdmin(request: AdminRequest) {
  const acting = await userWithSession(ctx(), 'admin');
  const other = (await userWithSession(ctx(), 'admin')).user as AuthUser;
  const headers = (await signInAs(ctx(), acting.user.id)).headers;
  // After the guard read the session, another admin deletes the acting admin's account (on another connection).
  race.interleave.arm('sessions', async () => {
    await deleteUser({ ...ctx().deps, db: race.second }, other, acting.user.id, 'Compromised admin account');
  });
  const res = await ctx().app.inject({ ...request, headers });
  race.interleave.disarm();
  const deleted = await ctx()
    .db.selectFrom('deletedUsers')
    .select('status')
    .where('uid', '=', acting.user.id)
    .executeTakeFirst();
  expect(deleted?.status).toBe('unresolved');
  return { res, actorId: acting.user.id };
}

async function auditsBy(actorId: string) {
  return ctx().db.selectFrom('auditLog').select('action').where('actorId', '=', actorId).execute();
}

describe('an admin deleted while their action is on its way', () => {
  it('cannot hide a listing once deleted (403, nothing written)', async () => {
    const listing = await insertListing(ctx(), await member());
    const { res, actorId } = await actAsDeletedAdmin({
      method: 'POST',
      url: `/api/admin/listings/${listing.id}/hide`,
      payload: { reason: 'Hidden by a deleted admin' },
    });
    const row = await ctx().db.selectFrom('listings').select('status').where('id', '=', listing.id).executeTakeFirst();
    expect({ status: res.statusCode, message: res.json().error?.message, listing: row?.status }).toEqual({
      status: 403,
      message: FORBIDDEN,
      listing: 'active',
    });
    expect(await auditsBy(actorId)).toEqual([]);
  });

  it('cannot resolve a report once deleted (403, nothing written)', async () => {
    const report = await insertReport(ctx(), {
      targetType: 'listing',
      targetId: (await insertListing(ctx(), await member())).id,
      reporterId: await member(),
    });
    const { res, actorId } = await actAsDeletedAdmin({
      method: 'PATCH',
      url: `/api/admin/reports/${report.id}`,
      payload: { status: 'resolved', note: 'Closed by a deleted admin' },
    });
    const row = await ctx().db.selectFrom('reports').select('status').where('id', '=', report.id).executeTakeFirst();
    expect({ status: res.statusCode, report: row?.status }).toEqual({ status: 403, report: 'open' });
    expect(await auditsBy(actorId)).toEqual([]);
  });

  it('cannot review feedback or publish an announcement once deleted (403, nothing written)', async () => {
    const feedback = await insertFeedback(ctx());
    const first = await actAsDeletedAdmin({
      method: 'PATCH',
      url: `/api/admin/feedback/${feedback}`,
      payload: { status: 'resolved' },
    });
    expect(first.res.statusCode).toBe(403);
    const second = await actAsDeletedAdmin({
      method: 'POST',
      url: '/api/admin/announcements',
      payload: { title: 'From a deleted admin', message: 'Please send your password to support.' },
    });
    expect(second.res.statusCode).toBe(403);
    const announcements = await ctx().db.selectFrom('announcements').select('id').execute();
    expect(announcements).toEqual([]);
  });
});
