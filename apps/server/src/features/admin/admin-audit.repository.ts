import type { Keyset } from '../../lib/keyset-cursor';
import type { Database } from '../../db/database';
import { afterCursor, pageLimit, toPage } from './sql-helpers';
import { executeNamedRows } from '../../db/pg-statement-names';

export interface AuditFilter {
  action?: string;
  actorId?: string;
  targetType?: string;
  targetId?: string;
  cursor: Keyset | undefined;
  limit: number;
}

export async function listAudit(db: Database, f: AuditFilter) {
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
    .select((eb) =>
      eb.fn
        .coalesce('targetUser.displayName', 'targetListing.title', 'targetAnnouncement.title')
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
  if (f.action) q = q.where('auditLog.action', '=', f.action);
  if (f.actorId) q = q.where('auditLog.actorId', '=', f.actorId);
  if (f.targetType) q = q.where('auditLog.targetType', '=', f.targetType);
  if (f.targetId) q = q.where('auditLog.targetId', '=', f.targetId);
  if (f.cursor) q = q.where(afterCursor('auditLog.createdAt', 'auditLog.id', f.cursor));
  const rows = await executeNamedRows(
    db,
    q.orderBy('auditLog.createdAt', 'desc').orderBy('auditLog.id', 'desc').limit(pageLimit(f.limit)),
  );
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
