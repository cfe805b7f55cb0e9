import type { Database } from '../../db/database';
import type { FeedbackTable } from '../../db/schema';

export async function insertFeedback(db: Database, row: FeedbackTable) {
  await db.insertInto('feedback').values(row).execute();
}
