import type { z } from 'zod';
import { DEFAULT_NOTIFICATION_PAGE_SIZE } from '@accountry/shared/constants';
import {
  NOTIFICATION_MESSAGES as M,
  type Notification,
  type NotificationInput,
  type NotificationMetrics,
  type NotificationPage,
  type NotificationStats,
  type notificationListQuerySchema,
} from '@accountry/shared/announcements';
import type { AppDeps } from '../../app';
import type { Database } from '../../db/database';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { assertStateUnchanged } from '../../lib/state-change';
import { recordAudit } from '../../lib/audit';
import { adminTransaction } from '../../db/acting-admin';
import { newId } from '../../lib/ids';
import type { AuthUser } from '../../plugins/auth';
import { resolveCreate, resolveUpdate, resolveUserIds, type ResolvedNotification } from './announcement-input';
import { announcementMetrics, findTargetKind } from './announcement-metrics.repository';
import {
  countByStatus,
  deleteAnnouncement,
  expireOverdue,
  findAnnouncement,
  insertAnnouncement,
  listAnnouncements,
  sortValueOf,
  updateAnnouncement,
  withTargets,
  type AnnouncementRow,
} from './announcements.repository';
import { publishAnnouncementChange } from './announcements.socket';
import { decodeCursor } from './announcement-cursor';
import { encodeCursor } from '../../lib/keyset-cursor';

type ListQuery = z.output<typeof notificationListQuerySchema>;

/** Spec section 8: the bulk expiry never fails its caller; it reports 0 instead. */
export async function expireOverdueAnnouncements(db: Database, now: number): Promise<number> {
  try {
    return await expireOverdue(db, now);
  } catch {
    return 0;
  }
}

function requireId(id: string | undefined): string {
  if (!id) throw badRequest(M.idRequired);
  return id;
}

async function existing(db: Database, id: string | undefined): Promise<Notification> {
  const found = await findAnnouncement(db, requireId(id));
  if (!found) throw notFound(M.notFound);
  return found;
}

/** What an announcement says after a write, message included: the audit shows what every visitor was told. */
const auditDetails = (n: ResolvedNotification) => ({
  title: n.title,
  message: n.message,
  severity: n.severity,
  status: n.status,
  expiresAt: n.expiresAt,
  targetUsers: Array.isArray(n.targetUsers) ? { specific: n.targetUsers.length } : n.targetUsers,
});

export async function createNotification(deps: AppDeps, actor: AuthUser, input: NotificationInput | null | undefined) {
  const now = deps.clock.now();
  const data = resolveCreate(input, now);
  const id = newId();
  await adminTransaction(deps.db.db, actor.id, async (trx) => {
    await insertAnnouncement(trx, {
      id,
      ...data,
      createdAt: now,
      updatedAt: now,
      recalledAt: null,
      createdBy: actor.id,
    });
    await recordAudit(
      trx,
      {
        actorId: actor.id,
        action: 'announcement.create',
        targetType: 'announcement',
        targetId: id,
        details: auditDetails(data),
      },
      now,
    );
  });
  const created = (await findAnnouncement(deps.db.db, id))!;
  await publishAnnouncementChange(deps, 'created', null, created);
  return created;
}

export async function getNotification(deps: AppDeps, id: string | undefined) {
  return existing(deps.db.db, id);
}

export async function updateNotification(
  deps: AppDeps,
  actor: AuthUser,
  id: string | undefined,
  input: NotificationInput | null | undefined,
) {
  const now = deps.clock.now();
  const before = await existing(deps.db.db, id);
  const data = resolveUpdate(before, input, now);
  await adminTransaction(deps.db.db, actor.id, async (trx) => {
    assertStateUnchanged(await updateAnnouncement(trx, before.id, { ...data, updatedAt: now }, before));
    await recordAudit(
      trx,
      {
        actorId: actor.id,
        action: 'announcement.update',
        targetType: 'announcement',
        targetId: before.id,
        details: auditDetails(data),
      },
      now,
    );
  });
  const after = (await findAnnouncement(deps.db.db, before.id))!;
  await publishAnnouncementChange(deps, 'updated', before, after);
  return after;
}

export async function deleteNotification(deps: AppDeps, actor: AuthUser, id: string | undefined) {
  const now = deps.clock.now();
  const before = await existing(deps.db.db, id);
  await adminTransaction(deps.db.db, actor.id, async (trx) => {
    assertStateUnchanged(await deleteAnnouncement(trx, before.id, before));
    await recordAudit(
      trx,
      {
        actorId: actor.id,
        action: 'announcement.delete',
        targetType: 'announcement',
        targetId: before.id,
        details: { title: before.title, status: before.status },
      },
      now,
    );
  });
  await publishAnnouncementChange(deps, 'deleted', before, null);
}

/** Spec section 4: force recall sets status canceled and records recalledAt. */
export async function recallNotification(deps: AppDeps, actor: AuthUser, id: string | undefined) {
  const now = deps.clock.now();
  const before = await existing(deps.db.db, id);
  if (before.status === 'canceled') throw conflict(M.alreadyCanceled);
  await adminTransaction(deps.db.db, actor.id, async (trx) => {
    // Written on the row as read (status, updatedAt): a recall by another admin meanwhile answers 409.
    assertStateUnchanged(
      await updateAnnouncement(trx, before.id, { status: 'canceled', recalledAt: now, updatedAt: now }, before),
    );
    await recordAudit(
      trx,
      {
        actorId: actor.id,
        action: 'announcement.recall',
        targetType: 'announcement',
        targetId: before.id,
        details: { title: before.title, previousStatus: before.status },
      },
      now,
    );
  });
  const after = (await findAnnouncement(deps.db.db, before.id))!;
  await publishAnnouncementChange(deps, 'recalled', before, after);
  return after;
}

/** Spec section 4: sending to specific users replaces targetUsers with the id list. */
export async function sendToUsers(deps: AppDeps, actor: AuthUser, id: string | undefined, userIds: unknown) {
  const now = deps.clock.now();
  const before = await existing(deps.db.db, id);
  const ids = resolveUserIds(userIds);
  await adminTransaction(deps.db.db, actor.id, async (trx) => {
    assertStateUnchanged(await updateAnnouncement(trx, before.id, { targetUsers: ids, updatedAt: now }, before));
    await recordAudit(
      trx,
      {
        actorId: actor.id,
        action: 'announcement.send',
        targetType: 'announcement',
        targetId: before.id,
        details: { title: before.title, userCount: ids.length },
      },
      now,
    );
  });
  const after = (await findAnnouncement(deps.db.db, before.id))!;
  await publishAnnouncementChange(deps, 'sent', before, after);
  return after;
}

/** Spec section 7: sorted, filtered, cursor-paged; hasMore is true when a full page came back. */
export async function listNotifications(deps: AppDeps, q: ListQuery): Promise<NotificationPage> {
  await expireOverdueAnnouncements(deps.db.db, deps.clock.now());
  const pageSize = q.pageSize ?? DEFAULT_NOTIFICATION_PAGE_SIZE;
  const numericSort = ['createdAt', 'updatedAt', 'expiresAt'].includes(q.sortField);
  const rows: AnnouncementRow[] = await listAnnouncements(deps.db.db, {
    sortField: q.sortField,
    sortDirection: q.sortDirection,
    status: q.status,
    severity: q.severity,
    targetKind: q.targetUsers,
    pageSize,
    after: q.lastVisible ? decodeCursor(q.lastVisible, numericSort) : undefined,
  });
  const last = rows.at(-1);
  return {
    notifications: await withTargets(deps.db.db, rows),
    lastVisible: last ? encodeCursor(sortValueOf(last, q.sortField), last.id) : null,
    hasMore: rows.length === pageSize,
  };
}

export async function notificationStats(deps: AppDeps): Promise<NotificationStats> {
  await expireOverdueAnnouncements(deps.db.db, deps.clock.now());
  return countByStatus(deps.db.db);
}

export async function notificationMetrics(deps: AppDeps, id: string | undefined): Promise<NotificationMetrics> {
  const found = await findTargetKind(deps.db.db, requireId(id));
  if (!found) throw notFound(M.notFound);
  return announcementMetrics(deps.db.db, found);
}
