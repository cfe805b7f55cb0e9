import type { Database } from '../db/database';
import { newId } from '../lib/ids';
import type { Mail } from './mailer';

const POSITIONS = 2 ** 31;
let lastPosition = 0;

/**
 * Queue a mail for the background worker. Pass the transaction that creates what the mail is about (an account,
 * a link), so both land or neither; the request answers without waiting for a mail server.
 */
export async function queueMail(db: Database, mail: Mail, now: number) {
  const id = newId();
  // Within a millisecond the queue order is this process's count (decision 213); it wraps long after any millisecond.
  lastPosition = (lastPosition + 1) % POSITIONS;
  await db
    .insertInto('mailOutbox')
    .values({
      id,
      ...mail,
      headers: mail.headers ? JSON.stringify(mail.headers) : null,
      createdAt: now,
      queuePosition: lastPosition,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: now,
      sentAt: null,
    })
    .execute();
  return id;
}
