import { BLOCKED_ORDER_REASON } from '@accountry/shared/order-messages';
import type { AppDeps } from '../../app';
import type { Database } from '../../db/database';
import { accountLock, withKeyLocks } from '../../db/key-lock';
import { forUpdateOnPostgres } from '../../db/row-locks';
import { publishSystemMessages } from '../chat/system-messages.service';
import { closeOffers } from './offer-purchase.service';
import { afterTransitions } from './order-effects';
import { applyTransition, type FollowUp } from './order-transitions';
import { ordersContext } from './orders-context';

/**
 * A block ends the dealings between the two members (decision 180): the open offers made either way are closed, and
 * the unpaid orders between them, which could no longer be paid, are canceled, so a Stripe page open for one is closed
 * at once rather than left payable until the order expires. `storeBlock` writes the block in the same transaction, so
 * the block and its ends are stored together or not at all. Under both members' account locks, taken first as buy
 * now, a payment, an offer's answer and an unblock take them, so none of those lands between the block and this.
 */
export async function blockEndingDeals(
  deps: AppDeps,
  blockerId: string,
  blockedId: string,
  storeBlock: (trx: Database) => Promise<void>,
) {
  const ctx = ordersContext(deps);
  const done = await withKeyLocks(deps.db.db, memberLocks(blockerId, blockedId), async (trx) => {
    await storeBlock(trx);
    const now = deps.clock.now();
    const canceled: FollowUp[] = [];
    for (const order of await unpaidOrdersBetween(trx, blockerId, blockedId)) {
      const moved = await applyTransition(ctx, trx, order, 'blocked', SYSTEM, { reason: BLOCKED_ORDER_REASON }, now);
      canceled.push({ before: order, moved, action: 'blocked' });
    }
    const offerNotices = await closeOffers(trx, deps.config.publicUrl, { between: [blockerId, blockedId] }, now);
    return { canceled, offerNotices };
  });
  await afterTransitions(ctx, done.canceled);
  await publishSystemMessages(deps, done.offerNotices);
}

/** An unblock, under the locks a block takes: it never lands between a block and the ends it makes. */
export function unblockUnderLocks<T>(
  deps: AppDeps,
  blockerId: string,
  blockedId: string,
  fn: (trx: Database) => Promise<T>,
) {
  return withKeyLocks(deps.db.db, memberLocks(blockerId, blockedId), fn);
}

const memberLocks = (a: string, b: string) => [accountLock(a), accountLock(b)];

const SYSTEM = { kind: 'system' as const, id: null };

/** The unpaid orders between two members, either one buying, their rows locked in id order as every move takes them. */
function unpaidOrdersBetween(db: Database, a: string, b: string) {
  const q = db
    .selectFrom('orders')
    .selectAll()
    .where('status', '=', 'pending_payment')
    .where((eb) =>
      eb.or([
        eb.and([eb('buyerId', '=', a), eb('sellerId', '=', b)]),
        eb.and([eb('buyerId', '=', b), eb('sellerId', '=', a)]),
      ]),
    )
    .orderBy('id');
  return forUpdateOnPostgres(db, q).execute();
}
