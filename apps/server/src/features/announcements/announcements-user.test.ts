import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_MESSAGES as M } from '@accountry/shared/announcements';
import type { Role } from '@accountry/shared/roles';
import { openDatabase } from '../../db/database';
import { createTestApp, userWithSession, type Session, type TestContext } from '../../test/test-app';
import { partyWithSession } from '../../test/deal-fixtures';
import { ADMIN_BASE, createAnnouncement, myAnnouncements, titles, USER_BASE } from './announcements-test-helpers';
import { dismiss, dismissAll, getUserNotifications, markRead, unreadCount } from './user-announcements.service';
import { expireOverdueAnnouncements } from './announcements.service';

let ctx: TestContext;
let admin: Session;
const people = {} as Record<Role, { id: string; session: Session }>;
let chosen: { id: string; session: Session };
beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await userWithSession(ctx, 'admin')).session;
  for (const role of ['buyer', 'seller', 'both', 'admin'] as Role[]) {
    const { user, session } = await userWithSession(ctx, role);
    people[role] = { id: user.id, session };
  }
  chosen = await partyWithSession(ctx, 'buyer');
  for (const target of ['all', 'buyer', 'seller', 'both', 'admin'] as const)
    await createAnnouncement(ctx, admin, { title: `To ${target}`, targetUsers: target });
  await createAnnouncement(ctx, admin, { title: 'To chosen', targetUsers: [chosen.id, people.seller.id] });
  await createAnnouncement(ctx, admin, { title: 'Draft to all', status: 'draft' });
  const canceled = await createAnnouncement(ctx, admin, { title: 'Recalled to all' });
  await ctx.app.inject({ method: 'POST', url: `${ADMIN_BASE}/${canceled.id}/recall`, headers: admin.headers });
});
afterAll(() => ctx.close());

const idOf = async (title: string) =>
  (await ctx.db.selectFrom('announcements').select('id').where('title', '=', title).executeTakeFirstOrThrow()).id;
const post = (session: Session, path: string) =>
  ctx.app.inject({ method: 'POST', url: `${USER_BASE}${path}`, headers: session.headers });
const unread = async (session: Session) =>
  (await ctx.app.inject({ method: 'GET', url: `${USER_BASE}/unread-count`, headers: session.headers })).json().count;

describe("a user's announcements (audience rule, newest first)", () => {
  it.each<[Role, string[]]>([
    ['buyer', ['To both', 'To buyer', 'To all']],
    ['seller', ['To chosen', 'To both', 'To seller', 'To all']],
    ['both', ['To both', 'To all']],
    ['admin', ['To admin', 'To all']],
  ])('a %s sees %j (no drafts, no recalled ones)', async (role, expected) => {
    const list = await myAnnouncements(ctx, people[role].session);
    expect(titles(list)).toEqual(expected);
    expect(list.every((n) => n.read === false)).toBe(true);
  });

  it('a user named in an id list sees it besides the role ones', async () => {
    expect(titles(await myAnnouncements(ctx, chosen.session))).toEqual(['To chosen', 'To both', 'To buyer', 'To all']);
  });

  it('refuses signed-out callers', async () => {
    for (const res of await Promise.all([
      ctx.app.inject({ method: 'GET', url: USER_BASE }),
      ctx.app.inject({ method: 'GET', url: `${USER_BASE}/unread-count` }),
      ctx.app.inject({ method: 'POST', url: `${USER_BASE}/dismiss-all` }),
      ctx.app.inject({ method: 'POST', url: `${USER_BASE}/x/read` }),
      ctx.app.inject({ method: 'POST', url: `${USER_BASE}/x/dismiss` }),
    ]))
      expect(res.statusCode).toBe(401);
  });
});

describe('read and dismiss (spec section 4)', () => {
  it('marking read keeps the first readAt and lowers the unread count', async () => {
    const { session, id: userId } = people.both;
    const id = await idOf('To both');
    expect(await unread(session)).toBe(2);
    expect((await post(session, `/${id}/read`)).statusCode).toBe(204);
    const first = await ctx.db
      .selectFrom('announcementStates')
      .selectAll()
      .where('userId', '=', userId)
      .where('notificationId', '=', id)
      .executeTakeFirstOrThrow();
    expect(first).toMatchObject({ read: true, readAt: ctx.clock.now(), dismissed: false, dismissedAt: null });
    ctx.clock.advance(1000);
    await post(session, `/${id}/read`);
    const again = await ctx.db
      .selectFrom('announcementStates')
      .selectAll()
      .where('userId', '=', userId)
      .where('notificationId', '=', id)
      .executeTakeFirstOrThrow();
    expect(again.readAt).toBe(first.readAt);
    expect(await unread(session)).toBe(1);
    expect((await myAnnouncements(ctx, session)).find((n) => n.id === id)?.read).toBe(true);
  });

  it('dismissing sets read and dismissed and removes it from the list', async () => {
    const { session, id: userId } = people.admin;
    const id = await idOf('To admin');
    ctx.clock.advance(1000);
    expect((await post(session, `/${id}/dismiss`)).statusCode).toBe(204);
    const row = await ctx.db
      .selectFrom('announcementStates')
      .selectAll()
      .where('userId', '=', userId)
      .where('notificationId', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ read: true, readAt: ctx.clock.now(), dismissed: true, dismissedAt: ctx.clock.now() });
    expect(titles(await myAnnouncements(ctx, session))).toEqual(['To all']);
    expect(await unread(session)).toBe(1);
  });

  it('users cannot read or dismiss announcements that are not theirs to see', async () => {
    const { session } = people.buyer;
    for (const title of ['To seller', 'To admin', 'Draft to all', 'Recalled to all', 'To chosen']) {
      const id = await idOf(title);
      for (const action of ['read', 'dismiss']) {
        const res = await post(session, `/${id}/${action}`);
        expect(res.statusCode).toBe(404);
        expect(res.json().error.message).toBe(M.notFound);
      }
    }
    expect((await post(session, '/unknown/read')).statusCode).toBe(404);
  });

  it('dismiss all dismisses every announcement the user sees, in one go', async () => {
    const { session, id: userId } = people.seller;
    expect((await myAnnouncements(ctx, session)).length).toBe(4);
    const res = await post(session, '/dismiss-all');
    expect(res.json()).toEqual({ dismissed: 4 });
    expect(await myAnnouncements(ctx, session)).toEqual([]);
    expect(await unread(session)).toBe(0);
    const rows = await ctx.db.selectFrom('announcementStates').selectAll().where('userId', '=', userId).execute();
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.read && r.dismissed && r.dismissedAt === ctx.clock.now())).toBe(true);
    expect((await post(session, '/dismiss-all')).json()).toEqual({ dismissed: 0 });
    // Nobody else was touched.
    expect(titles(await myAnnouncements(ctx, chosen.session))).toContain('To chosen');
  });

  it('a new announcement shows again after dismiss all, and one past its expiry is expired before serving', async () => {
    const { session } = people.seller;
    const soon = await createAnnouncement(ctx, admin, {
      title: 'Soon over',
      targetUsers: 'seller',
      expiresAt: ctx.clock.now() + 60_000,
    });
    expect(titles(await myAnnouncements(ctx, session))).toEqual(['Soon over']);
    ctx.clock.advance(61_000);
    expect(await myAnnouncements(ctx, session)).toEqual([]);
    const row = await ctx.db
      .selectFrom('announcements')
      .select(['status', 'updatedAt'])
      .where('id', '=', soon.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'expired', updatedAt: ctx.clock.now() });
  });
});

describe('service guards and silent failures (spec section 8)', () => {
  it('requires the ids', async () => {
    const deps = ctx.deps;
    await expect(getUserNotifications(deps, null)).rejects.toThrow(M.userIdRequired);
    await expect(dismissAll(deps, { id: '', role: 'buyer' })).rejects.toThrow(M.userIdRequired);
    await expect(markRead(deps, null, 'x')).rejects.toThrow(M.userAndNotificationRequired);
    await expect(markRead(deps, { id: 'u', role: 'buyer' }, '')).rejects.toThrow(M.userAndNotificationRequired);
    await expect(dismiss(deps, { id: 'u', role: 'buyer' }, undefined)).rejects.toThrow(M.userAndNotificationRequired);
    for (const [method, url] of [
      ['GET', `${ADMIN_BASE}//metrics`],
      ['POST', `${ADMIN_BASE}//recall`],
    ] as const) {
      const res = await ctx.app.inject({ method, url, headers: admin.headers });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(M.idRequired);
    }
  });

  it('reports an unread count of 0, and expires 0, when the database fails', async () => {
    // A real database without the tables: every query fails.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accountry-broken-'));
    const broken = openDatabase(`sqlite:${path.join(dir, 'empty.db')}`);
    try {
      const deps = { ...ctx.deps, db: broken };
      expect(await unreadCount(deps, { id: people.buyer.id, role: 'buyer' })).toBe(0);
      expect(await expireOverdueAnnouncements(broken.db, ctx.clock.now())).toBe(0);
      await expect(getUserNotifications(deps, { id: people.buyer.id, role: 'buyer' })).rejects.toThrow();
    } finally {
      await broken.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
