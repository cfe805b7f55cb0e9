import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TARGET_USERS, MESSAGE_MAX, NOTIFICATION_MESSAGES as M, TITLE_MAX } from '@accountry/shared/announcements';
import { newId } from '../../lib/ids';
import { escapedJson } from '../../test/escaped-json';
import { createTestApp, userWithSession, type Session, type TestContext } from '../../test/test-app';
import { ADMIN_BASE, auditActions, createAnnouncement } from './announcements-test-helpers';

let ctx: TestContext;
let admin: Session;
let adminId: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const a = await userWithSession(ctx, 'admin');
  admin = a.session;
  adminId = a.user.id;
});
afterAll(() => ctx.close());

const post = (payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: ADMIN_BASE, payload: payload as object, headers: admin.headers });
const patch = (id: string, payload: unknown) =>
  ctx.app.inject({ method: 'PATCH', url: `${ADMIN_BASE}/${id}`, payload: payload as object, headers: admin.headers });
const get = (id: string) => ctx.app.inject({ method: 'GET', url: `${ADMIN_BASE}/${id}`, headers: admin.headers });

describe('create', () => {
  it('trims, applies the defaults (info, active, all), records the audit entry and returns 201', async () => {
    const res = await post({ title: '  Maintenance tonight  ', message: '  Down from 02:00 to 03:00 UTC. ' });
    expect(res.statusCode).toBe(201);
    const n = res.json();
    expect(n).toMatchObject({
      title: 'Maintenance tonight',
      message: 'Down from 02:00 to 03:00 UTC.',
      severity: 'info',
      status: 'active',
      targetUsers: 'all',
      expiresAt: null,
      recalledAt: null,
      createdBy: adminId,
    });
    expect(n.createdAt).toBe(ctx.clock.now());
    expect(n.updatedAt).toBe(n.createdAt);
    expect((await get(n.id)).json()).toEqual(n);
    const audit = await auditActions(ctx, n.id);
    expect(audit.map((a) => a.action)).toEqual(['announcement.create']);
    expect(audit[0].actorId).toBe(adminId);
  });

  it('stores role strings and specific id lists (deduplicated)', async () => {
    for (const target of ['buyer', 'seller', 'both', 'admin', 'all'] as const) {
      expect((await createAnnouncement(ctx, admin, { title: `For ${target}`, targetUsers: target })).targetUsers).toBe(
        target,
      );
    }
    const specific = await createAnnouncement(ctx, admin, { title: 'Specific', targetUsers: ['u2', 'u1', 'u2'] });
    expect(specific.targetUsers).toEqual(['u1', 'u2']);
  });

  it('takes the longest title and message, escaped, for the most users at once, and sends to as many', async () => {
    const userIds = Array.from({ length: MAX_TARGET_USERS }, () => newId());
    const longest = { title: 'é'.repeat(TITLE_MAX), message: 'é'.repeat(MESSAGE_MAX) };
    const payload = escapedJson({ ...longest, targetUsers: userIds });
    // Over the 64 KB a route takes by default.
    expect(payload.length).toBeGreaterThan(130_000);
    const created = await ctx.app.inject({
      method: 'POST',
      url: ADMIN_BASE,
      payload,
      headers: { ...admin.headers, 'content-type': 'application/json' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject(longest);
    expect(created.json().targetUsers).toHaveLength(MAX_TARGET_USERS);
    const sent = await ctx.app.inject({
      method: 'POST',
      url: `${ADMIN_BASE}/${created.json().id}/send`,
      payload: { userIds: userIds.slice().reverse() },
      headers: admin.headers,
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().targetUsers).toHaveLength(MAX_TARGET_USERS);
  });

  it('builds expiresAt from a date plus an optional time in the admin’s zone, defaulting to 23:59:59', async () => {
    const future = new Date(ctx.clock.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const [y, m, d] = future.split('-').map(Number);
    const endOfDay = await createAnnouncement(ctx, admin, { title: 'Ends that day', expiresAt: future });
    expect(endOfDay.expiresAt).toBe(Date.UTC(y, m - 1, d, 23, 59, 59));
    const withTime = await createAnnouncement(ctx, admin, {
      title: 'Ends at 18:30 in UTC+2',
      expiresAt: future,
      expiresTime: '18:30',
      timeZoneOffset: -120,
    });
    expect(withTime.expiresAt).toBe(Date.UTC(y, m - 1, d, 16, 30, 0));
    const at = ctx.clock.now() + 60_000;
    const epoch = await createAnnouncement(ctx, admin, { title: 'Epoch ms', expiresAt: at });
    expect(epoch.expiresAt).toBe(at);
    expect(epoch.status).toBe('active');
  });

  it('forces status expired when the expiry has already passed', async () => {
    const n = await createAnnouncement(ctx, admin, {
      title: 'Too late',
      status: 'active',
      expiresAt: new Date(ctx.clock.now() - 60_000).toISOString(),
    });
    expect(n.status).toBe('expired');
    const draft = await createAnnouncement(ctx, admin, {
      title: 'Old draft',
      status: 'draft',
      expiresAt: ctx.clock.now(),
    });
    expect(draft.status).toBe('expired');
  });

  it('fails with "Invalid notification data: {list}", the list and the field errors, and stores nothing', async () => {
    const before = await ctx.db
      .selectFrom('announcements')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await post({
      title: '   ',
      message: '',
      severity: 'loud',
      status: 'live',
      targetUsers: [],
      expiresAt: 'someday',
    });
    expect(res.statusCode).toBe(400);
    const errors = [
      M.titleRequired,
      M.messageRequired,
      M.statusInvalid,
      M.severityInvalid,
      M.targetListEmpty,
      M.expiresInvalid,
    ];
    expect(res.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: `Invalid notification data: ${errors.join(', ')}`,
      errors,
      fields: {
        title: M.titleRequired,
        message: M.messageRequired,
        status: M.statusInvalid,
        severity: M.severityInvalid,
        targetUsers: M.targetListEmpty,
        expiresAt: M.expiresInvalid,
      },
    });
    const after = await ctx.db
      .selectFrom('announcements')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a missing title', { message: 'x' }, M.titleRequired],
    ['a title of zero-width joiners alone', { title: '\u200d\u200d\u200d' }, M.titleRequired],
    ['a missing message', { title: 'x', message: undefined }, M.messageRequired],
    ['null target users', { title: 'x', targetUsers: null }, M.targetRequired],
    ['an unknown role string', { title: 'x', targetUsers: 'moderators' }, M.targetStringInvalid],
    ['ids that are not strings', { title: 'x', targetUsers: ['a', 1] }, M.targetIdsNotStrings],
    ['a number as target', { title: 'x', targetUsers: 3 }, M.targetInvalid],
    ['an impossible date', { title: 'x', expiresAt: '2030-02-30' }, M.expiresInvalid],
    // Timestamps are whole milliseconds a date can hold (decision 001): PostgreSQL's bigint refused these with a 500.
    ['a fraction of a millisecond', { title: 'x', expiresAt: 1.5 }, M.expiresInvalid],
    ['an expiry no date can hold', { title: 'x', expiresAt: 1e300 }, M.expiresInvalid],
    ['an expiry past the last date', { title: 'x', expiresAt: 9e18 }, M.expiresInvalid],
    ['an expiry before the first date', { title: 'x', expiresAt: -1e300 }, M.expiresInvalid],
  ])('rejects %s with the spec message', async (_name, body, message) => {
    const res = await post({ message: 'Body', ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.errors).toEqual([message]);
    expect(res.json().error.message).toBe(`Invalid notification data: ${message}`);
  });

  it('requires data, and refuses unknown fields and a malformed time', async () => {
    const none = await ctx.app.inject({ method: 'POST', url: ADMIN_BASE, headers: admin.headers });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe(M.dataRequired);
    const unknown = await post({ title: 'x', message: 'y', pinned: true });
    expect(unknown.json().error.fields).toEqual({ pinned: 'Unknown field: pinned' });
    const time = await post({ title: 'x', message: 'y', expiresAt: '2030-01-01', expiresTime: '25:00' });
    expect(time.json().error.fields).toEqual({ expiresTime: M.expiresTimeInvalid });
  });
});

describe('get, update, delete', () => {
  it('answers 404 "Notification not found" for an unknown id on every operation', async () => {
    const calls = [
      get('nope'),
      patch('nope', { title: 'x' }),
      ctx.app.inject({ method: 'DELETE', url: `${ADMIN_BASE}/nope`, headers: admin.headers }),
      ctx.app.inject({ method: 'POST', url: `${ADMIN_BASE}/nope/recall`, headers: admin.headers }),
      ctx.app.inject({
        method: 'POST',
        url: `${ADMIN_BASE}/nope/send`,
        payload: { userIds: ['a'] },
        headers: admin.headers,
      }),
      ctx.app.inject({ method: 'GET', url: `${ADMIN_BASE}/nope/metrics`, headers: admin.headers }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(M.notFound);
    }
  });

  it('keeps the old title and message when empty, the audience when absent, and sets updatedAt', async () => {
    const n = await createAnnouncement(ctx, admin, {
      title: 'Original',
      message: 'Original body',
      targetUsers: ['x1'],
      severity: 'warning',
    });
    ctx.clock.advance(5000);
    const res = await patch(n.id, { title: '', message: '   ', severity: 'error' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Original',
      message: 'Original body',
      severity: 'error',
      targetUsers: ['x1'],
      createdAt: n.createdAt,
      updatedAt: ctx.clock.now(),
    });
    const retitled = await patch(n.id, { title: ' New title ', targetUsers: 'seller' });
    expect(retitled.json()).toMatchObject({ title: 'New title', targetUsers: 'seller' });
    expect((await auditActions(ctx, n.id)).map((a) => a.action)).toEqual([
      'announcement.create',
      'announcement.update',
      'announcement.update',
    ]);
  });

  it('audits the message each write leaves, so an edited text is on record', async () => {
    const n = await createAnnouncement(ctx, admin, { title: 'Maintenance', message: 'Down at 02:00 UTC.' });
    // The entries are read in time order: the edit comes a moment after the create, as an admin's would.
    ctx.clock.advance(1000);
    expect((await patch(n.id, { message: 'Send your passwords to support@example.com' })).statusCode).toBe(200);
    const details = (await auditActions(ctx, n.id)).map((a) => JSON.parse(a.details).message);
    expect(details).toEqual(['Down at 02:00 UTC.', 'Send your passwords to support@example.com']);
  });

  it('clears the expiry with an empty expiresAt, and forces expired when an update sets a past expiry', async () => {
    const n = await createAnnouncement(ctx, admin, { title: 'Expiring', expiresAt: ctx.clock.now() + 86_400_000 });
    expect((await patch(n.id, { expiresAt: '' })).json().expiresAt).toBeNull();
    expect((await patch(n.id, { expiresAt: ctx.clock.now() + 1000 })).json().expiresAt).toBe(ctx.clock.now() + 1000);
    expect((await patch(n.id, { expiresAt: ctx.clock.now() + 0.5 })).statusCode).toBe(400);
    expect((await patch(n.id, { expiresAt: null })).json().expiresAt).toBeNull();
    const past = (await patch(n.id, { expiresAt: ctx.clock.now() - 1 })).json();
    expect(past.status).toBe('expired');
    // Reactivating needs a future (or no) expiry.
    expect((await patch(n.id, { status: 'active', expiresAt: '' })).json().status).toBe('active');
  });

  it('validates the merged record and requires data', async () => {
    const n = await createAnnouncement(ctx, admin, { title: 'Valid' });
    const bad = await patch(n.id, { status: 'paused', targetUsers: 'everyone' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.errors).toEqual([M.statusInvalid, M.targetStringInvalid]);
    const empty = await patch(n.id, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(M.dataRequired);
    expect((await get(n.id)).json()).toMatchObject({ status: 'active', targetUsers: 'all' });
  });

  it('deletes the announcement with its targets and user states', async () => {
    const { user, session } = await userWithSession(ctx, 'buyer');
    const n = await createAnnouncement(ctx, admin, { title: 'Short-lived', targetUsers: [user.id] });
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/announcements/${n.id}/read`, headers: session.headers }))
        .statusCode,
    ).toBe(204);
    ctx.clock.advance(1000);
    const del = await ctx.app.inject({ method: 'DELETE', url: `${ADMIN_BASE}/${n.id}`, headers: admin.headers });
    expect(del.statusCode).toBe(204);
    expect((await get(n.id)).statusCode).toBe(404);
    expect(
      await ctx.db.selectFrom('announcementStates').selectAll().where('notificationId', '=', n.id).execute(),
    ).toEqual([]);
    expect(
      await ctx.db.selectFrom('announcementTargets').selectAll().where('announcementId', '=', n.id).execute(),
    ).toEqual([]);
    expect((await auditActions(ctx, n.id)).map((a) => a.action)).toEqual([
      'announcement.create',
      'announcement.delete',
    ]);
  });
});

describe('recall and send to specific users', () => {
  it('recall sets status canceled and recalledAt', async () => {
    const n = await createAnnouncement(ctx, admin, { title: 'Oops' });
    ctx.clock.advance(2000);
    const res = await ctx.app.inject({ method: 'POST', url: `${ADMIN_BASE}/${n.id}/recall`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'canceled', recalledAt: ctx.clock.now(), updatedAt: ctx.clock.now() });
    expect((await auditActions(ctx, n.id)).map((a) => a.action)).toEqual([
      'announcement.create',
      'announcement.recall',
    ]);
  });

  it('a recall of a canceled announcement answers 409 and keeps the first recall’s time, with one audit entry', async () => {
    const n = await createAnnouncement(ctx, admin, { title: 'Recalled once' });
    ctx.clock.advance(2000);
    const recall = () =>
      ctx.app.inject({ method: 'POST', url: `${ADMIN_BASE}/${n.id}/recall`, headers: admin.headers });
    expect((await recall()).statusCode).toBe(200);
    const first = ctx.clock.now();
    ctx.clock.advance(5000);
    const again = await recall();
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This announcement is already canceled.');
    const stored = await ctx.db
      .selectFrom('announcements')
      .select('recalledAt')
      .where('id', '=', n.id)
      .executeTakeFirst();
    expect(stored?.recalledAt).toBe(first);
    expect((await auditActions(ctx, n.id)).map((a) => a.action)).toEqual([
      'announcement.create',
      'announcement.recall',
    ]);
  });

  it('send replaces targetUsers with the id list and keeps the status', async () => {
    const n = await createAnnouncement(ctx, admin, { title: 'For a few', targetUsers: 'buyer', status: 'draft' });
    ctx.clock.advance(1000);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${ADMIN_BASE}/${n.id}/send`,
      payload: { userIds: ['b', 'a', 'b'] },
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ targetUsers: ['a', 'b'], status: 'draft' });
    ctx.clock.advance(1000);
    const again = await ctx.app.inject({
      method: 'POST',
      url: `${ADMIN_BASE}/${n.id}/send`,
      payload: { userIds: ['c'] },
      headers: admin.headers,
    });
    expect(again.json().targetUsers).toEqual(['c']);
    expect((await auditActions(ctx, n.id)).map((a) => a.action)).toEqual([
      'announcement.create',
      'announcement.send',
      'announcement.send',
    ]);
  });

  it.each<[string, unknown]>([
    ['no body', undefined],
    ['no list', {}],
    ['an empty list', { userIds: [] }],
    ['a string', { userIds: 'abc' }],
    ['a non-string id', { userIds: ['a', 2] }],
    ['a blank id', { userIds: ['  '] }],
  ])('send with %s fails with "Valid array of user IDs is required"', async (_name, payload) => {
    const n = await createAnnouncement(ctx, admin, { title: 'Send me' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${ADMIN_BASE}/${n.id}/send`,
      ...(payload ? { payload: payload as object } : {}),
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(M.userIdsRequired);
    expect((await get(n.id)).json().targetUsers).toBe('all');
  });
});
