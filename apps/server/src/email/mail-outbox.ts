import type { Database } from '../db/database';
import { newId } from '../lib/ids';
import type { Mail } from './mailer';

/**
 * Queue a mail for the background worker. Pass the transaction that creates what the mail is about (an account,
 * a link), so both land or neither; the request answers without waiting for a mail server.
 */
export async function queueMail(db: Database, mail: Mail, now: number) {
  const id = newId();
  await db
    .insertInto('mailOutbox')
    .values({ id, ...mail, createdAt: now, status: 'pending', attempts: 0, nextAttemptAt: now, sentAt: null })
    .execute();
  return id;
}
