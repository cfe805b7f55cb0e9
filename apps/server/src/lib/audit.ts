import { actingAdminReread } from '../db/acting-admin';
import type { Database } from '../db/database';
import { newId } from './ids';

export interface AuditEntry {
  actorId: string;
  /** e.g. 'user.disable', 'listing.hide', 'announcement.recall' */
  action: string;
  targetType: string;
  targetId: string;
  details?: Record<string, unknown>;
  /** The member acting on their own account (deleting it, decision 164), not an admin: no role to read again. */
  byMember?: boolean;
}

/**
 * Record an admin action, inside the same transaction as the change it describes: one `adminTransaction` opened for
 * that admin, which read their role again (decision 219). Any other is a programming error, refused before it writes.
 */
export async function recordAudit(db: Database, entry: AuditEntry, now: number) {
  if (!entry.byMember && !actingAdminReread(db, entry.actorId))
    throw new Error(`${entry.action} is audited outside an adminTransaction of its admin (decision 219)`);
  await db
    .insertInto('auditLog')
    .values({
      id: newId(),
      actorId: entry.actorId,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      details: JSON.stringify(entry.details ?? {}),
      createdAt: now,
    })
    .execute();
}
