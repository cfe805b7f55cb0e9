import { describe, expect, it } from 'vitest';
import { CHANGED_MEANWHILE } from '@accountry/shared/api-error';
import type { DatabaseHandle } from '../../db/database';
import { actAsDemotedAdmin, FORBIDDEN, type AdminRequest, type DemotedWhen } from '../../test/admin-demotion';
import type { Interleave } from '../../test/interleave';
import { useRaceTestApp } from '../../test/race-app';
import { testEngine, userWithSession, type TestContext } from '../../test/test-app';
import { insertFeedback, insertListing, insertReport } from './admin-test-fixtures';

/**
 * Every admin write re-reads the acting admin's role in its transaction (decision 219), not only those that move
 * money (decision 214): one whose role another admin took away after the request's guard passed is refused with the
 * guard's 403, and nothing the action would write is written.
 */
let race: { ctx: TestContext; interleave: Interleave; second: DatabaseHandle };
useRaceTestApp((r) => {
  race = r;
});
const ctx = () => race.ctx;

/** What an admin action may change. */
async function adminState() {
  const db = ctx().db;
  const audits = await db
    .selectFrom('auditLog')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return {
    audits: Number(audits.n),
    listings: await db.selectFrom('listings').select(['id', 'status', 'deletedAt']).orderBy('id').execute(),
    reports: await db.selectFrom('reports').select(['id', 'status', 'note']).orderBy('id').execute(),
    feedback: await db.selectFrom('feedback').select(['id', 'status', 'note']).orderBy('id').execute(),
    users: await db.selectFrom('users').select(['id', 'role', 'disabled']).orderBy('id').execute(),
    deleted: await db.selectFrom('deletedUsers').select(['uid', 'status']).orderBy('uid').execute(),
    announcements: await db.selectFrom('announcements').selectAll().orderBy('id').execute(),
  };
}

const member = async (over = {}) => (await userWithSession(ctx(), 'seller', over)).user.id;
const listingOf = async (over = {}) => (await insertListing(ctx(), await member(), over)).id;
const ANNOUNCEMENTS = '/api/admin/announcements';

/** An announcement made by another admin, through the API. */
async function announcement(body: object = {}) {
  const admin = await userWithSession(ctx(), 'admin');
  const res = await ctx().app.inject({
    method: 'POST',
    url: ANNOUNCEMENTS,
    headers: admin.session.headers,
    payload: { title: 'Maintenance tonight', message: 'Details follow.', ...body },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

/**
 * Each admin action that moves no money, and its request. `serialised`: on SQLite its transaction takes the write
 * lock (the last-admin lock of `changeUser`) before it reads the role, so no demotion commits in between.
 */
const actions: Record<string, { serialised?: true; arrange: () => Promise<AdminRequest> }> = {
  'a listing hidden': {
    arrange: async () => ({
      method: 'POST',
      url: `/api/admin/listings/${await listingOf()}/hide`,
      payload: { reason: 'Screenshots show another person’s data.' },
    }),
  },
  'a listing shown again': {
    arrange: async () => ({
      method: 'POST',
      url: `/api/admin/listings/${await listingOf({ status: 'hidden', statusBeforeHidden: 'active', hiddenReason: 'Spam' })}/unhide`,
    }),
  },
  'a listing deleted': {
    arrange: async () => ({ method: 'POST', url: `/api/admin/listings/${await listingOf()}/delete`, payload: {} }),
  },
  'a report handled': {
    arrange: async () => {
      const report = await insertReport(ctx(), {
        targetType: 'listing',
        targetId: await listingOf(),
        reporterId: await member(),
      });
      return {
        method: 'PATCH',
        url: `/api/admin/reports/${report.id}`,
        payload: { status: 'resolved', note: 'Hid the listing.' },
      };
    },
  },
  'feedback handled': {
    arrange: async () => ({
      method: 'PATCH',
      url: `/api/admin/feedback/${await insertFeedback(ctx())}`,
      payload: { status: 'in_progress', note: 'Planned.' },
    }),
  },
  'a member’s security activity read (audited)': {
    arrange: async () => ({ method: 'GET', url: `/api/admin/users/${await member()}/activity` }),
  },
  'an announcement made': {
    arrange: async () => ({
      method: 'POST',
      url: ANNOUNCEMENTS,
      payload: { title: 'Maintenance tonight', message: 'Details follow.' },
    }),
  },
  'an announcement changed': {
    arrange: async () => ({
      method: 'PATCH',
      url: `${ANNOUNCEMENTS}/${await announcement()}`,
      payload: { title: 'Maintenance moved' },
    }),
  },
  'an announcement deleted': {
    arrange: async () => ({ method: 'DELETE', url: `${ANNOUNCEMENTS}/${await announcement()}` }),
  },
  'an announcement recalled': {
    arrange: async () => ({ method: 'POST', url: `${ANNOUNCEMENTS}/${await announcement()}/recall` }),
  },
  'an announcement sent to members': {
    arrange: async () => ({
      method: 'POST',
      url: `${ANNOUNCEMENTS}/${await announcement({ status: 'draft' })}/send`,
      payload: { userIds: [await member()] },
    }),
  },
  'a role changed': {
    serialised: true,
    arrange: async () => ({
      method: 'PUT',
      url: `/api/admin/users/${await member()}/role`,
      payload: { role: 'buyer' },
    }),
  },
  'a member disabled': {
    serialised: true,
    arrange: async () => ({ method: 'POST', url: `/api/admin/users/${await member()}/disable`, payload: {} }),
  },
  'a member enabled': {
    serialised: true,
    arrange: async () => ({
      method: 'POST',
      url: `/api/admin/users/${await member({ disabled: true })}/enable`,
      payload: {},
    }),
  },
  'a member deleted': {
    serialised: true,
    arrange: async () => ({ method: 'POST', url: `/api/admin/users/${await member()}/delete`, payload: {} }),
  },
};

async function expectRefusedAndNothingWritten(request: AdminRequest, when: DemotedWhen) {
  const before = await adminState();
  const outcome = await actAsDemotedAdmin(race, request, when);
  expect(outcome).toEqual({ status: 403, message: FORBIDDEN });
  // Only the demotion's own audit entry, besides the two admins the helper made.
  const known = new Set(before.users.map((u) => u.id));
  const after = await adminState();
  expect({ ...after, audits: after.audits - 1, users: after.users.filter((u) => known.has(u.id)) }).toEqual(before);
}

describe('an admin demoted while their action is on its way', () => {
  for (const [name, { arrange }] of Object.entries(actions))
    it(`${name}: refused (403) when the demotion committed after the guard, and nothing is written`, async () => {
      await expectRefusedAndNothingWritten(await arrange(), 'after the guard');
    });
});

describe('an admin demoted between their action’s re-read of the role and its first write', () => {
  // PostgreSQL's re-read holds the row `FOR SHARE`, so a demotion waits for the action (decision 214's tests).
  for (const [name, { arrange, serialised }] of Object.entries(actions))
    it.runIf(testEngine === 'sqlite' && !serialised)(
      `${name}: SQLite fails the stale write, answered as the guard’s 403, and nothing is written`,
      async () => {
        await expectRefusedAndNothingWritten(await arrange(), 'after the re-read');
      },
    );
});

describe('an admin demoted while their action runs', () => {
  // PostgreSQL runs both at once; SQLite runs one write transaction at a time.
  for (const [name, { arrange }] of Object.entries(actions))
    it.runIf(testEngine === 'postgres')(
      `${name}: waits for the demotion being written, then is refused (403)`,
      async () => {
        await expectRefusedAndNothingWritten(await arrange(), 'while the demotion is written');
      },
    );
});

describe('another write committed in an admin action’s window', () => {
  it.runIf(testEngine === 'sqlite')('is answered 409 when the admin still is one, and nothing is written', async () => {
    const request = await actions['a listing hidden'].arrange();
    const acting = await userWithSession(ctx(), 'admin');
    const feedback = await insertFeedback(ctx());
    const before = await adminState();
    // A write that leaves the role alone still makes the action's snapshot stale.
    race.interleave.arm('acting_admin', async () => {
      await race.second.db.updateTable('feedback').set({ note: 'Seen.' }).where('id', '=', feedback).execute();
    });
    const res = await ctx().app.inject({ ...request, headers: acting.session.headers });
    race.interleave.disarm();
    expect({ status: res.statusCode, message: res.json().error?.message }).toEqual({
      status: 409,
      message: CHANGED_MEANWHILE,
    });
    const after = await adminState();
    const feedbackNoteOnly = before.feedback.map((f) => (f.id === feedback ? { ...f, note: 'Seen.' } : f));
    expect(after).toEqual({ ...before, feedback: feedbackNoteOnly });
  });
});
