import type { Database } from '../../db/database';
import { preparedQuery } from '../../db/prepared-query';
import { afterCursor, type Keyset } from '../../lib/keyset-cursor';
import { pageArgs, pageLimit, toPage, type PageArgs } from './sql-helpers';

export interface AuditFilter {
  action?: string;
  actorId?: string;
  targetType?: string;
  targetId?: string;
  cursor: Keyset | undefined;
  limit: number;
}

type AuditPageArgs = PageArgs & {
  action: string | null;
  actorId: string | null;
  targetType: string | null;
  targetId: string | null;
};

/** One page of the audit log, compiled once per shape of filter (db/prepared-query.ts). */
const auditPage = preparedQuery(
  (db, a: AuditPageArgs) => {
    let q = db
      .selectFrom('auditLog')
      .leftJoin('users as actor', 'actor.id', 'auditLog.actorId')
      // The name of what the action was on, so the log reads "Named Seller" rather than an id.
      .leftJoin('users as targetUser', (j) =>
        j.onRef('targetUser.id', '=', 'auditLog.targetId').on('auditLog.targetType', '=', 'user'),
      )
      .leftJoin('listings as targetListing', (j) =>
        j.onRef('targetListing.id', '=', 'auditLog.targetId').on('auditLog.targetType', '=', 'listing'),
      )
      .leftJoin('announcements as targetAnnouncement', (j) =>
        j.onRef('targetAnnouncement.id', '=', 'auditLog.targetId').on('auditLog.targetType', '=', 'announcement'),
      )
      // An order is named by its listing's title.
      .leftJoin('orders as targetOrder', (j) =>
        j.onRef('targetOrder.id', '=', 'auditLog.targetId').on('auditLog.targetType', '=', 'order'),
      )
      .leftJoin('listings as orderListing', 'orderListing.id', 'targetOrder.listingId')
      .select((eb) =>
        eb.fn
          .coalesce('targetUser.displayName', 'targetListing.title', 'targetAnnouncement.title', 'orderListing.title')
          .$castTo<string | null>()
          .as('targetName'),
      )
      .select([
        'auditLog.id',
        'auditLog.actorId',
        'actor.displayName as actorName',
        'actor.email as actorEmail',
        'auditLog.action',
        'auditLog.targetType',
        'auditLog.targetId',
        'auditLog.details',
        'auditLog.createdAt',
      ]);
    if (a.action !== null) q = q.where('auditLog.action', '=', a.action);
    if (a.actorId !== null) q = q.where('auditLog.actorId', '=', a.actorId);
    if (a.targetType !== null) q = q.where('auditLog.targetType', '=', a.targetType);
    if (a.targetId !== null) q = q.where('auditLog.targetId', '=', a.targetId);
    if (a.cursorAt !== null && a.cursorId !== null)
      q = q.where(afterCursor('auditLog.createdAt', 'auditLog.id', [a.cursorAt, a.cursorId]));
    return q.orderBy('auditLog.createdAt', 'desc').orderBy('auditLog.id', 'desc').limit(pageLimit(a.limit));
  },
  { literals: ['limit'] },
);

export async function listAudit(db: Database, f: AuditFilter) {
  const rows = await auditPage.execute(db, {
    action: f.action || null,
    actorId: f.actorId || null,
    targetType: f.targetType || null,
    targetId: f.targetId || null,
    ...pageArgs(f.cursor, f.limit),
  });
  return toPage(rows, f.limit);
}

/** The actions and the actors that occur in the log, for the filters. */
export async function auditFacets(db: Database) {
  const [actions, actors] = await Promise.all([
    db.selectFrom('auditLog').select('action').distinct().orderBy('action').execute(),
    db
      .selectFrom('auditLog')
      .leftJoin('users', 'users.id', 'auditLog.actorId')
      .select(['auditLog.actorId as id', 'users.displayName', 'users.email'])
      .distinct()
      .orderBy('users.displayName')
      .execute(),
  ]);
  return { actions: actions.map((a) => a.action), actors };
}
