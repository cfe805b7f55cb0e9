import { forbidden } from '../lib/app-error';
import { engineOf, type Database } from './database';
import { accountLock, lockKeys } from './key-lock';

/**
 * The first locks of an admin's action on money, in its transaction: the accounts of the members whose balance it
 * changes, then the acting admin's own row, read again. The guard read the role when the request began; an admin whose
 * role another admin took away since is refused with the guard's 403 and nothing is written. On PostgreSQL the row is
 * read `FOR SHARE`: a role change (which takes the admin rows `FOR UPDATE`, after the account of a member it closes)
 * waits for this transaction to end, or this read waits for the change and sees it. SQLite runs one write transaction
 * at a time: the read sees a change committed before it, and one committed after it fails this transaction's write.
 */
export async function lockActingAdmin(trx: Database, adminId: string, memberIds: readonly string[] = []) {
  await lockKeys(trx, memberIds.map(accountLock));
  const row = trx.selectFrom('users').select(['role', 'disabled']).where('id', '=', adminId);
  const admin = await (engineOf(trx) === 'postgres' ? row.forShare() : row).executeTakeFirst();
  if (admin?.role !== 'admin' || admin.disabled) throw forbidden();
}
