import { ADMIN_TASK_MAILS } from '@accountry/shared/admin-waiting';
import type { Database } from '../db/database';
import { mailLayout } from './mail-layout';
import { queueMailToAdmins } from './mail-to-admins';
import type { MailLinks } from './unsubscribe-links';

/**
 * A mail to every admin who may act on a task that now waits for them (decision 186), in the transaction of the
 * event that made it, with the task mails' footer and their one-click opt-out (decision 189). `except` are the
 * parties: an admin never decides their own case.
 */
export function queueAdminTaskMail(
  trx: Database,
  links: MailLinks,
  mail: { heading: string; label: string; subject: string; line: string; url: string },
  except: readonly string[],
  now: number,
) {
  const build = (to: { id: string; email: string }) => ({
    to: to.email,
    subject: mail.subject,
    ...mailLayout(
      mail.heading,
      [mail.line],
      { label: mail.label, url: mail.url },
      ADMIN_TASK_MAILS.footer(links.publicUrl),
      { unsubscribe: links.unsubscribe({ userId: to.id, topic: 'adminWaiting' }) },
    ),
  });
  return queueMailToAdmins(trx, build, now, except);
}
