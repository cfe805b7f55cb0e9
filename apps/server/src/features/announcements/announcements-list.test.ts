import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationPage } from '@accountry/shared/announcements';
import { createTestApp, signInAs, userWithSession, type Session, type TestContext } from '../../test/test-app';
import { ADMIN_BASE, createAnnouncement, titles, USER_BASE } from './announcements-test-helpers';

let ctx: TestContext;
let admin: Session;
let adminId: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const a = await userWithSession(ctx, 'admin');
  admin = a.session;
  adminId = a.user.id;
  const day = 86_400_000;
  // Created in this order, one second apart.
  await createAnnouncement(ctx, admin, {
    title: 'Alpha',
    severity: 'info',
    targetUsers: 'all',
    expiresAt: ctx.clock.now() + 3 * day,
  });
  await createAnnouncement(ctx, admin, { title: 'Bravo', severity: 'warning', targetUsers: 'seller' });
  await createAnnouncement(ctx, admin, {
    title: 'Charlie',
    severity: 'error',
    status: 'draft',
    targetUsers: ['u1', 'u2'],
  });
  await createAnnouncement(ctx, admin, {
    title: 'Delta',
    severity: 'success',
    targetUsers: 'buyer',
    expiresAt: ctx.clock.now() + 1 * day,
  });
  await createAnnouncement(ctx, admin, {
    title: 'Echo',
    severity: 'warning',
    targetUsers: ['u3'],
    expiresAt: ctx.clock.now() + 2 * day,
  });
});
afterAll(() => ctx.close());

async function list(query = ''): Promise<NotificationPage> {
  const res = await ctx.app.inject({ method: 'GET', url: `${ADMIN_BASE}${query}`, headers: admin.headers });
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json();
}

describe('listing (spec section 7)', () => {
  it('sorts by createdAt descending by default', async () => {
    const page = await list();
    expect(titles(page.notifications)).toEqual(['Echo', 'Delta', 'Charlie', 'Bravo', 'Alpha']);
    expect(page.hasMore).toBe(false);
    expect(page.notifications.find((n) => n.title === 'Charlie')?.targetUsers).toEqual(['u1', 'u2']);
  });

  it.each<[string, string[]]>([
    ['?sortDirection=asc', ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']],
    ['?sortField=title&sortDirection=asc', ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']],
    ['?sortField=title', ['Echo', 'Delta', 'Charlie', 'Bravo', 'Alpha']],
    // No expiry sorts after every dated one; ties go by id.
    ['?sortField=expiresAt&sortDirection=asc', ['Delta', 'Echo', 'Alpha']],
  ])('sorts with %s', async (query, expected) => {
    const got = titles((await list(query)).notifications);
    expect(got.slice(0, expected.length)).toEqual(expected);
  });

  it.each<[string, string[]]>([
    ['?status=draft', ['Charlie']],
    ['?severity=warning', ['Echo', 'Bravo']],
    ['?targetUsers=seller', ['Bravo']],
    ['?targetUsers=all', ['Alpha']],
    ['?targetUsers=specific', ['Echo', 'Charlie']],
    ['?targetUsers=specific&status=active', ['Echo']],
    ['?severity=warning&targetUsers=buyer', []],
  ])('filters with %s', async (query, expected) => {
    expect(titles((await list(query)).notifications)).toEqual(expected);
  });

  it('pages with lastVisible; hasMore is true whenever a full page came back', async () => {
    const first = await list('?pageSize=2');
    expect(titles(first.notifications)).toEqual(['Echo', 'Delta']);
    expect(first.hasMore).toBe(true);
    const second = await list(`?pageSize=2&lastVisible=${first.lastVisible}`);
    expect(titles(second.notifications)).toEqual(['Charlie', 'Bravo']);
    expect(second.hasMore).toBe(true);
    const third = await list(`?pageSize=2&lastVisible=${second.lastVisible}`);
    expect(titles(third.notifications)).toEqual(['Alpha']);
    expect(third.hasMore).toBe(false);
    // Exactly a full last page still says hasMore; the next page is empty.
    const byTitle = await list('?pageSize=5&sortField=title&sortDirection=asc');
    expect(byTitle.hasMore).toBe(true);
    const empty = await list(`?pageSize=5&sortField=title&sortDirection=asc&lastVisible=${byTitle.lastVisible}`);
    expect(empty).toEqual({ notifications: [], lastVisible: null, hasMore: false });
  });

  it('pages through expiresAt ascending across the rows without an expiry', async () => {
    const seen: string[] = [];
    let cursor = '';
    for (let i = 0; i < 5; i++) {
      const page = await list(
        `?pageSize=2&sortField=expiresAt&sortDirection=asc${cursor ? `&lastVisible=${cursor}` : ''}`,
      );
      seen.push(...titles(page.notifications));
      if (!page.hasMore) break;
      cursor = page.lastVisible!;
    }
    expect(seen.slice(0, 3)).toEqual(['Delta', 'Echo', 'Alpha']);
    expect([...seen].sort()).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']);
  });

  it('defaults the page size to 10', async () => {
    for (let i = 0; i < 7; i++) await createAnnouncement(ctx, admin, { title: `Filler ${i}`, status: 'canceled' });
    const page = await list();
    expect(page.notifications).toHaveLength(10);
    expect(page.hasMore).toBe(true);
    await ctx.db.deleteFrom('announcements').where('title', 'like', 'Filler%').execute();
  });

  it.each([
    ['?sortField=priority', 'sortField'],
    ['?sortDirection=up', 'sortDirection'],
    ['?status=live', 'status'],
    ['?severity=loud', 'severity'],
    ['?targetUsers=everyone', 'targetUsers'],
    ['?pageSize=0', 'pageSize'],
    ['?lastVisible=not-a-cursor', 'lastVisible'],
    [`?sortField=title&lastVisible=${Buffer.from('[5,"x"]').toString('base64url')}`, 'lastVisible'],
    // A control character in a text sort value (PostgreSQL refuses NUL in text) was never made by the server.
    [`?sortField=title&lastVisible=${Buffer.from('["a\\u0000b","x"]').toString('base64url')}`, 'lastVisible'],
    [`?sortField=status&lastVisible=${Buffer.from('["a\\u0007","x"]').toString('base64url')}`, 'lastVisible'],
  ])('rejects %s with 400', async (query, field) => {
    const res = await ctx.app.inject({ method: 'GET', url: `${ADMIN_BASE}${query}`, headers: admin.headers });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual([field]);
  });
});

describe('bulk expiry, stats and metrics', () => {
  it('expires overdue active announcements (setting updatedAt) in bulk before listing and stats', async () => {
    expect(
      await (await ctx.app.inject({ method: 'GET', url: `${ADMIN_BASE}/stats`, headers: admin.headers })).json(),
    ).toEqual({
      active: 4,
      expired: 0,
      draft: 1,
      canceled: 0,
      total: 5,
    });
    ctx.clock.advance(2 * 86_400_000 + 60_000); // past Delta's and Echo's expiry, not Alpha's
    admin = await signInAs(ctx, adminId); // the old session timed out meanwhile
    const page = await list('?status=expired');
    expect(titles(page.notifications)).toEqual(['Echo', 'Delta']);
    for (const n of page.notifications) expect(n.updatedAt).toBe(ctx.clock.now());
    expect(
      await (await ctx.app.inject({ method: 'GET', url: `${ADMIN_BASE}/stats`, headers: admin.headers })).json(),
    ).toEqual({
      active: 2,
      expired: 2,
      draft: 1,
      canceled: 0,
      total: 5,
    });
  });

  it('counts responses, reads, dismissals and the audience that has not read or dismissed yet', async () => {
    const sellers = await Promise.all([1, 2, 3].map(() => userWithSession(ctx, 'seller')));
    await userWithSession(ctx, 'buyer'); // not in the audience
    const disabled = await userWithSession(ctx, 'seller', { disabled: true });
    const n = await createAnnouncement(ctx, admin, { title: 'Sellers only', targetUsers: 'seller' });
    const metrics = async () =>
      (await ctx.app.inject({ method: 'GET', url: `${ADMIN_BASE}/${n.id}/metrics`, headers: admin.headers })).json();
    expect(await metrics()).toEqual({
      audienceSize: 3,
      totalResponses: 0,
      readCount: 0,
      dismissedCount: 0,
      unreadCount: 3,
      activeCount: 3,
    });
    await ctx.app.inject({ method: 'POST', url: `${USER_BASE}/${n.id}/read`, headers: sellers[0].session.headers });
    await ctx.app.inject({ method: 'POST', url: `${USER_BASE}/${n.id}/read`, headers: sellers[1].session.headers });
    await ctx.app.inject({ method: 'POST', url: `${USER_BASE}/${n.id}/dismiss`, headers: sellers[1].session.headers });
    expect(await metrics()).toEqual({
      audienceSize: 3,
      totalResponses: 2,
      readCount: 2,
      dismissedCount: 1,
      unreadCount: 1,
      activeCount: 2,
    });
    expect(disabled.user.disabled).toBe(true);

    const specific = await createAnnouncement(ctx, admin, {
      title: 'Two people',
      targetUsers: [sellers[2].user.id, 'gone-user'],
    });
    await ctx.app.inject({
      method: 'POST',
      url: `${USER_BASE}/${specific.id}/dismiss`,
      headers: sellers[2].session.headers,
    });
    const m = (
      await ctx.app.inject({ method: 'GET', url: `${ADMIN_BASE}/${specific.id}/metrics`, headers: admin.headers })
    ).json();
    expect(m).toEqual({
      audienceSize: 1,
      totalResponses: 1,
      readCount: 1,
      dismissedCount: 1,
      unreadCount: 0,
      activeCount: 0,
    });
  });
});
