import { notDeletedUser } from '../../db/account-deletion-sql';
import type { NotificationMetrics } from '@accountry/shared/announcements';
import { rolesReachedBy } from '@accountry/shared/announcements-audience';
import type { Database } from '../../db/database';
import type { AnnouncementRow } from './announcements.repository';

/** Responses: every state row of the announcement (read and dismissed are counted from its covering index). */
async function responseCounts(db: Database, id: string) {
  const row = await db
    .selectFrom('announcementStates')
    .where('notificationId', '=', id)
    .select((eb) => [
      eb.fn.countAll<number>().as('totalResponses'),
      eb.fn.sum<number>(eb.case().when('read', '=', true).then(1).else(0).end()).as('readCount'),
      eb.fn.sum<number>(eb.case().when('dismissed', '=', true).then(1).else(0).end()).as('dismissedCount'),
    ])
    .executeTakeFirstOrThrow();
  return {
    totalResponses: Number(row.totalResponses),
    readCount: Number(row.readCount ?? 0),
    dismissedCount: Number(row.dismissedCount ?? 0),
  };
}

/** The users the announcement targets now (enabled, not deleted), and how many of them have not read / not dismissed it. */
async function audienceCounts(db: Database, a: Pick<AnnouncementRow, 'id' | 'targetKind'>) {
  let q = db
    .selectFrom('users as u')
    .leftJoin('announcementStates as s', (j) => j.onRef('s.userId', '=', 'u.id').on('s.notificationId', '=', a.id))
    .where('u.disabled', '=', false)
    .where(notDeletedUser('u.id'));
  if (a.targetKind === 'specific') {
    q = q.where('u.id', 'in', db.selectFrom('announcementTargets').select('userId').where('announcementId', '=', a.id));
  } else if (a.targetKind !== 'all') {
    q = q.where('u.role', 'in', rolesReachedBy(a.targetKind));
  }
  const row = await q
    .select((eb) => [
      eb.fn.countAll<number>().as('audienceSize'),
      eb.fn.sum<number>(eb.case().when('s.read', '=', true).then(0).else(1).end()).as('unreadCount'),
      eb.fn.sum<number>(eb.case().when('s.dismissed', '=', true).then(0).else(1).end()).as('activeCount'),
    ])
    .executeTakeFirstOrThrow();
  return {
    audienceSize: Number(row.audienceSize),
    unreadCount: Number(row.unreadCount ?? 0),
    activeCount: Number(row.activeCount ?? 0),
  };
}

/** Definitions in docs/decisions/021-announcement-metrics.md. */
export async function announcementMetrics(
  db: Database,
  a: Pick<AnnouncementRow, 'id' | 'targetKind'>,
): Promise<NotificationMetrics> {
  return { ...(await responseCounts(db, a.id)), ...(await audienceCounts(db, a)) };
}

export async function findTargetKind(db: Database, id: string) {
  return db.selectFrom('announcements').select(['id', 'targetKind']).where('id', '=', id).executeTakeFirst();
}
