import type { Database } from '../db/database';
import { isUniqueViolation } from '../db/errors';
import type { ReportsTable } from '../db/schema';
import { conflict } from './app-error';
import { newId } from './ids';

type Target = Pick<ReportsTable, 'targetType' | 'targetId' | 'reporterId'>;

/**
 * File a new open report for the moderators (the reports table is shared by every feature that can report). One
 * open report per member and target, held by the `reports_open_reporter_idx` partial unique index, so parallel
 * requests cannot both file one: a second is refused with a 409 and the caller's `duplicate` message.
 */
export async function insertOpenReport(
  db: Database,
  input: Target & Pick<ReportsTable, 'reason' | 'message'>,
  now: number,
  duplicate: string,
) {
  const id = newId();
  try {
    await db
      .insertInto('reports')
      .values({ id, ...input, status: 'open', note: '', createdAt: now, updatedAt: now })
      .execute();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(duplicate);
    throw err;
  }
  return id;
}

/** Whether anyone ever reported this target (what lets moderators look inside a private conversation). */
export async function hasReport(db: Database, targetType: ReportsTable['targetType'], targetId: string) {
  const row = await db
    .selectFrom('reports')
    .select('id')
    .where('targetType', '=', targetType)
    .where('targetId', '=', targetId)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}
