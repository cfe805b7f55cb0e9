import { sql, type Expression, type Selectable } from 'kysely';
import type {
  Notification,
  NotificationStats,
  SortField,
  TargetRole,
  TargetUsers,
} from '@accountry/shared/announcements';
import type { Database } from '../../db/database';
import type { AnnouncementsTable } from '../../db/schema';

export type AnnouncementRow = Selectable<AnnouncementsTable>;
export type NewAnnouncement = Omit<AnnouncementRow, 'targetKind'> & { targetUsers: TargetUsers };

const targetKindOf = (t: TargetUsers): AnnouncementRow['targetKind'] => (Array.isArray(t) ? 'specific' : t);

export function toNotification(row: AnnouncementRow, ids: string[] = []): Notification {
  const { targetKind, ...rest } = row;
  return { ...rest, targetUsers: targetKind === 'specific' ? ids : (targetKind as TargetRole) };
}

async function targetIdsByAnnouncement(db: Database, ids: string[]) {
  const byId = new Map<string, string[]>();
  if (!ids.length) return byId;
  const rows = await db
    .selectFrom('announcementTargets')
    .select(['announcementId', 'userId'])
    .where('announcementId', 'in', ids)
    .orderBy('userId')
    .execute();
  for (const r of rows) byId.set(r.announcementId, [...(byId.get(r.announcementId) ?? []), r.userId]);
  return byId;
}

/** Rows with their target user ids attached (one query for the ids of every 'specific' row). */
export async function withTargets(db: Database, rows: AnnouncementRow[]): Promise<Notification[]> {
  const targets = await targetIdsByAnnouncement(
    db,
    rows.filter((r) => r.targetKind === 'specific').map((r) => r.id),
  );
  return rows.map((r) => toNotification(r, targets.get(r.id)));
}

export async function findAnnouncement(db: Database, id: string): Promise<Notification | null> {
  const row = await db.selectFrom('announcements').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? (await withTargets(db, [row]))[0] : null;
}

async function replaceTargets(db: Database, id: string, targetUsers: TargetUsers) {
  await db.deleteFrom('announcementTargets').where('announcementId', '=', id).execute();
  if (!Array.isArray(targetUsers)) return;
  const ids = [...new Set(targetUsers)];
  for (let i = 0; i < ids.length; i += 500) {
    await db
      .insertInto('announcementTargets')
      .values(ids.slice(i, i + 500).map((userId) => ({ announcementId: id, userId })))
      .execute();
  }
}

export async function insertAnnouncement(db: Database, a: NewAnnouncement) {
  const { targetUsers, ...row } = a;
  await db
    .insertInto('announcements')
    .values({ ...row, targetKind: targetKindOf(targetUsers) })
    .execute();
  await replaceTargets(db, a.id, targetUsers);
}

export type AnnouncementChanges = Partial<Omit<NewAnnouncement, 'id' | 'createdAt' | 'createdBy'>>;

/** Apply changes decided on the announcement as it was read (its status and updatedAt); nothing if it changed since. */
export async function updateAnnouncement(
  db: Database,
  id: string,
  changes: AnnouncementChanges,
  readAs: { status: NonNullable<AnnouncementChanges['status']>; updatedAt: number },
) {
  const { targetUsers, ...row } = changes;
  const result = await db
    .updateTable('announcements')
    .set({ ...row, ...(targetUsers !== undefined ? { targetKind: targetKindOf(targetUsers) } : {}) })
    .where('id', '=', id)
    .where('status', '=', readAs.status)
    .where('updatedAt', '=', readAs.updatedAt)
    .executeTakeFirst();
  if (targetUsers !== undefined && Number(result.numUpdatedRows) > 0) await replaceTargets(db, id, targetUsers);
  return result;
}

/** Delete the announcement as it was read (its status and updatedAt); nothing if it changed since. */
export async function deleteAnnouncement(
  db: Database,
  id: string,
  readAs: { status: AnnouncementRow['status']; updatedAt: number },
) {
  return db
    .deleteFrom('announcements')
    .where('id', '=', id)
    .where('status', '=', readAs.status)
    .where('updatedAt', '=', readAs.updatedAt)
    .executeTakeFirst();
}

/** Spec section 4: every active announcement past its expiresAt becomes expired, in one statement. */
export async function expireOverdue(db: Database, now: number): Promise<number> {
  const result = await db
    .updateTable('announcements')
    .set({ status: 'expired', updatedAt: now })
    .where('status', '=', 'active')
    .where('expiresAt', 'is not', null)
    .where('expiresAt', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

// Announcements without an expiry sort after every dated one.
const NO_EXPIRY = Number.MAX_SAFE_INTEGER;
const sortExpression = (field: SortField): Expression<string | number> =>
  field === 'expiresAt' ? sql<number>`coalesce(${sql.ref('expiresAt')}, ${sql.lit(NO_EXPIRY)})` : sql.ref(field);

export interface ListFilter {
  sortField: SortField;
  sortDirection: 'asc' | 'desc';
  status?: AnnouncementRow['status'];
  severity?: AnnouncementRow['severity'];
  /** A role string, or 'specific' for id lists. */
  targetKind?: AnnouncementRow['targetKind'];
  pageSize: number;
  /** Keyset: the sort value and id of the last row of the previous page. */
  after?: [string | number, string];
}

export async function listAnnouncements(db: Database, f: ListFilter): Promise<AnnouncementRow[]> {
  const expr = sortExpression(f.sortField);
  const op = f.sortDirection === 'desc' ? '<' : '>';
  let q = db.selectFrom('announcements').selectAll();
  if (f.status) q = q.where('status', '=', f.status);
  if (f.severity) q = q.where('severity', '=', f.severity);
  if (f.targetKind) q = q.where('targetKind', '=', f.targetKind);
  if (f.after) {
    const [value, id] = f.after;
    q = q.where((eb) => eb.or([eb(expr, op, value), eb.and([eb(expr, '=', value), eb('id', op, id)])]));
  }
  return q.orderBy(expr, f.sortDirection).orderBy('id', f.sortDirection).limit(f.pageSize).execute();
}

/** The value a row is sorted by, for the next page's cursor. */
export function sortValueOf(row: AnnouncementRow, field: SortField): string | number {
  if (field === 'expiresAt') return row.expiresAt ?? NO_EXPIRY;
  return row[field];
}

export async function countByStatus(db: Database): Promise<NotificationStats> {
  const rows = await db
    .selectFrom('announcements')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  const stats: NotificationStats = { active: 0, expired: 0, draft: 0, canceled: 0, total: 0 };
  for (const r of rows) {
    stats[r.status] = Number(r.n);
    stats.total += Number(r.n);
  }
  return stats;
}
