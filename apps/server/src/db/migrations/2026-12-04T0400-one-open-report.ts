import { sql, type Kysely } from 'kysely';

/** The note a report resolved here gets, after any note a moderator already wrote on it. */
export const DUPLICATE_REPORT_NOTE =
  'Resolved on upgrade: the same member filed this report more than once; their earliest open report is kept.';

/**
 * One open report per member and target (listing, conversation or user), held by a partial unique index: a check
 * before the insert let parallel requests each file one. Duplicates already filed are resolved first, with a note,
 * keeping each member's oldest open report of a target, so the index can be built on any data.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update reports
    set status = 'resolved',
      note = case when note = '' then ${DUPLICATE_REPORT_NOTE} else note || ' ' || ${DUPLICATE_REPORT_NOTE} end,
      updated_at = ${Date.now()}
    where status <> 'resolved' and exists (
      select 1 from reports as older
      where older.target_type = reports.target_type and older.target_id = reports.target_id
        and older.reporter_id = reports.reporter_id and older.status <> 'resolved'
        and (older.created_at < reports.created_at or (older.created_at = reports.created_at and older.id < reports.id))
    )`.execute(db);
  await db.schema
    .createIndex('reports_open_reporter_idx')
    .on('reports')
    .columns(['target_type', 'target_id', 'reporter_id'])
    .unique()
    .where(sql<boolean>`status <> 'resolved'`)
    .execute();
}

export async function down(): Promise<void> {}
