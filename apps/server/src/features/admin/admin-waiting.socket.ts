import { ADMIN_WAITING_CHANGED } from '@accountry/shared/admin-waiting';
import type { AppDeps } from '../../app';
import type { TableWrites } from '../../db/change-tracking';
import { atMostEvery } from '../../lib/at-most-every';

/** A flood of reports (or orders) costs each admin tab at most one recount a second per server process. */
export const ADMIN_WAITING_PUSH_GAP_MS = 1000;

/** The columns of each table that `countAdminWaiting` reads: a write that set none of them changes no count. */
const COUNTED: Record<string, readonly string[]> = {
  orders: ['status', 'chargeback_hold_since'],
  payouts: ['status'],
  chargebacks: ['status', 'withdrawn_cents', 'reinstated_cents', 'recovered_cents'],
  reports: ['status', 'target_type'],
  stripe_refunds: ['status'],
  refunded_payment_disputes: ['status'],
  // A closed seller's request for another look of a listing waits until the account is back (decision 259).
  deleted_users: ['status'],
};

/**
 * Counted only when an update sets these: a new listing waits for no look and a new member is not closed, and every
 * write that starts or ends a listing's request sets its column (listings and members are written all the time).
 */
const COUNTED_ON_UPDATE: Record<string, readonly string[]> = {
  listings: ['review_requested_at', 'deleted_at'],
  users: ['disabled'],
};

/** Whether a committed write may have changed what waits for admins (an insert or delete sets every column). */
export function changesAdminWaiting(writes: TableWrites) {
  for (const [table, columns] of writes) {
    const counted = COUNTED[table];
    if (counted && (columns === null || counted.some((c) => columns.has(c)))) return true;
    if (columns && COUNTED_ON_UPDATE[table]?.some((c) => columns.has(c))) return true;
  }
  return false;
}

/**
 * Tell every admin's open tabs, in every process (the bus), that what waits for them may have changed (decision 189):
 * after each committed write that could change a count, whichever feature made it. The hub sends it to sockets whose
 * user is an admin; a changed role ends the user's sockets, so a demoted admin hears no more.
 */
export function startAdminWaitingPush(deps: Pick<AppDeps, 'db' | 'hub' | 'log' | 'onClose'>) {
  const push = atMostEvery(ADMIN_WAITING_PUSH_GAP_MS, () => {
    // A failed push is logged by the hub: the tabs still recount on focus and after an admin's own actions.
    void deps.hub.publish({ roles: ['admin'] }, ADMIN_WAITING_CHANGED, {});
  });
  const stop = deps.db.writes.onWrite((writes) => {
    if (changesAdminWaiting(writes)) push.call();
  });
  deps.onClose.push(async () => {
    stop();
    push.cancel();
  });
}
