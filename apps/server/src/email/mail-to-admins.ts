import type { Database } from '../db/database';
import type { Mail } from './mailer';
import { queueMail } from './mail-outbox';

/**
 * Queue a mail to every admin who may act on a task (decision 186), in the caller's transaction: none to a disabled
 * or deleted admin, to one who turned these mails off (decision 189), nor to the members `except` (an admin never
 * decides their own money); returns how many.
 */
export async function queueMailToAdmins(
  db: Database,
  build: (to: { id: string; email: string; displayName: string }) => Mail,
  now: number,
  except: readonly string[],
) {
  const admins = await db
    .selectFrom('users as u')
    .leftJoin('deletedUsers as d', 'd.uid', 'u.id')
    .leftJoin('emailPreferences as p', 'p.userId', 'u.id')
    .select(['u.id', 'u.email', 'u.displayName', 'd.status as deletion', 'p.adminWaiting'])
    .where('u.role', '=', 'admin')
    .where('u.disabled', '=', false)
    .orderBy('u.id')
    .execute();
  // No preferences row: never chosen, so on.
  const to = admins.filter((a) => a.deletion !== 'unresolved' && a.adminWaiting !== false && !except.includes(a.id));
  for (const admin of to) await queueMail(db, build(admin), now);
  return to.length;
}
