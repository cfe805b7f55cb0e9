import { ORDER_MESSAGES as M } from '@accountry/shared/order-messages';
import type { Database } from '../../db/database';
import { forUpdateOnPostgres } from '../../db/row-locks';
import { conflict } from '../../lib/app-error';

/**
 * In a write's transaction: the order's dispute is still open, or 409. PostgreSQL locks the row, so a decision waits
 * for what is posted with it; SQLite writes one transaction at a time. What lands is always before the decision.
 */
export async function holdOpenDispute(trx: Database, orderId: string) {
  const q = trx.selectFrom('orders').select('id').where('id', '=', orderId).where('status', '=', 'disputed');
  const open = await forUpdateOnPostgres(trx, q).executeTakeFirst();
  if (!open) throw conflict(M.statementClosed);
}
