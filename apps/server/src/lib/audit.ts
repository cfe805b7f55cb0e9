import type { Database } from '../db/database';
import { newId } from './ids';

export interface AuditEntry {
  actorId: string;
  /** e.g. 'user.disable', 'listing.hide', 'announcement.recall' */
  action: string;
  targetType: string;
  targetId: string;
  details?: Record<string, unknown>;
}

/** Record an admin action; call it inside the same transaction as the change it describes. */
export async function recordAudit(db: Database, entry: AuditEntry, now: number) {
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
