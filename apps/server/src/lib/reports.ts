import type { Database } from '../db/database';
import type { ReportsTable } from '../db/schema';
import { newId } from './ids';

type Target = Pick<ReportsTable, 'targetType' | 'targetId' | 'reporterId'>;

/** The reporter's report of this target that moderators have not resolved yet, if any. */
export async function findOpenReport(db: Database, t: Target) {
  return db
    .selectFrom('reports')
    .select('id')
    .where('targetType', '=', t.targetType)
    .where('targetId', '=', t.targetId)
    .where('reporterId', '=', t.reporterId)
    .where('status', '!=', 'resolved')
    .executeTakeFirst();
}

/** File a new open report for the moderators (the reports table is shared by every feature that can report). */
export async function insertOpenReport(
  db: Database,
  input: Target & Pick<ReportsTable, 'reason' | 'message'>,
  now: number,
) {
  const id = newId();
  await db
    .insertInto('reports')
    .values({ id, ...input, status: 'open', note: '', createdAt: now, updatedAt: now })
    .execute();
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
