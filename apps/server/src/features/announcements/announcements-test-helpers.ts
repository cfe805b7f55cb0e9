import type { Notification } from '@accountry/shared/announcements';
import type { Session, TestContext } from '../../test/test-app';

export const ADMIN_BASE = '/api/admin/announcements';
export const USER_BASE = '/api/announcements';

/** Create an announcement through the API (advancing the clock so creation order is unambiguous). */
export async function createAnnouncement(
  ctx: TestContext,
  admin: Session,
  body: Record<string, unknown>,
): Promise<Notification> {
  ctx.clock.advance(1000);
  const res = await ctx.app.inject({
    method: 'POST',
    url: ADMIN_BASE,
    payload: { message: 'Details follow.', ...body },
    headers: admin.headers,
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function myAnnouncements(ctx: TestContext, session: Session) {
  const res = await ctx.app.inject({ method: 'GET', url: USER_BASE, headers: session.headers });
  if (res.statusCode !== 200) throw new Error(`mine failed: ${res.statusCode} ${res.body}`);
  return res.json().notifications as Array<{ id: string; title: string; read: boolean; severity: string }>;
}

export const titles = (list: Array<{ title: string }>) => list.map((n) => n.title);

export async function auditActions(ctx: TestContext, targetId: string) {
  const rows = await ctx.db
    .selectFrom('auditLog')
    .select(['action', 'actorId', 'details'])
    .where('targetId', '=', targetId)
    .orderBy('createdAt')
    .execute();
  return rows;
}
