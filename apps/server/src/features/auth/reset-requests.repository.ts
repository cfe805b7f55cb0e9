import type { Database } from '../../db/database';
import { newId } from '../../lib/ids';
import { pastKeyset } from '../../lib/walk-in-batches';

export interface ResetRequest {
  id: string;
  email: string;
}

/** Keep a reset request as asked, whether or not the address has an account. */
export async function insertResetRequest(db: Database, email: string, now: number): Promise<ResetRequest> {
  const request = { id: newId(), email };
  await db
    .insertInto('passwordResetRequests')
    .values({ ...request, createdAt: now })
    .execute();
  return request;
}

/** The oldest requests not yet worked on, in (creation, id) order after `after` (a sweep walks past those it read). */
export async function pendingResetRequests(db: Database, limit: number, after?: { createdAt: number; id: string }) {
  return db
    .selectFrom('passwordResetRequests')
    .select(['id', 'email', 'createdAt'])
    .$if(after !== undefined, (q) => q.where(pastKeyset('createdAt', 'id', [after!.createdAt, after!.id])))
    .orderBy('createdAt')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Take a request for this transaction: false when another process took it first. */
export async function takeResetRequest(db: Database, id: string) {
  const res = await db.deleteFrom('passwordResetRequests').where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
