import type { AppDeps } from '../../app';
import type { Database } from '../../db/database';
import { queueMailToUser } from '../../email/mail-to-user';
import { passwordChangedMail } from './auth-mails';
import { listPasskeys } from './passkeys.repository';

/** Mail the owner that their password changed, in the change's transaction, naming the passkeys that still sign in. */
export async function queuePasswordChangedMail(
  deps: AppDeps,
  trx: Database,
  userId: string,
  how: 'changed' | 'reset',
  now: number,
) {
  const passkeys = (await listPasskeys(trx, userId)).map((p) => p.name).sort((a, b) => a.localeCompare(b));
  await queueMailToUser(trx, userId, (to) => passwordChangedMail(deps.config.publicUrl, to.email, how, passkeys), now);
}
