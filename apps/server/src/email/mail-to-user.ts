import type { Database } from '../db/database';
import type { Mail } from './mailer';
import { queueMail } from './mail-outbox';
import { noBlockBetween } from '../db/member-blocks';
import type { DeletedUsersTable } from '../db/schema';

/** By its `deleted_users` status (null: never deleted): a deleted account's address waits to be erased, so no mail. */
export const mailableDeletion = (deletion: DeletedUsersTable['status'] | null) => deletion !== 'unresolved';

/**
 * Queue a mail to a member, built from their current address and name, in the caller's transaction. A deleted
 * account gets none (its address is waiting to be erased), nor does a disabled one with `activeOnly` (mail that is
 * not about their money or listings); returns whether one was queued. A mail carrying another member's words names
 * them in `from`: none goes out while a block stands either way between the two (decision 053).
 */
export async function queueMailToUser(
  db: Database,
  userId: string,
  build: (to: { email: string; displayName: string }) => Mail,
  now: number,
  { activeOnly = false, from }: { activeOnly?: boolean; from?: string } = {},
) {
  const user = await db
    .selectFrom('users as u')
    .leftJoin('deletedUsers as d', 'd.uid', 'u.id')
    .select(['u.email', 'u.displayName', 'u.disabled', 'd.status as deletion'])
    .where('u.id', '=', userId)
    // Read with the recipient, in the one statement: no second round trip for the block.
    .$if(from !== undefined, (q) => q.where((eb) => noBlockBetween(eb, from!, eb.ref('u.id'))))
    .executeTakeFirst();
  if (!user || !mailableDeletion(user.deletion) || (activeOnly && user.disabled)) return false;
  await queueMail(db, build(user), now);
  return true;
}
