import { LISTING_REMOVED_ORDER_REASON } from '@accountry/shared/order-messages';
import type { AppDeps } from '../../app';
import type { Database } from '../../db/database';
import { unpaidOrdersOfListing } from './order-listings.repository';
import { afterTransitions } from './order-effects';
import { applyTransition, type FollowUp } from './order-transitions';
import { ordersContext } from './orders-context';

/**
 * An admin's delete of a listing cancels its unpaid orders (decision 043): a payment for it would only be refused, and
 * a Stripe page left open would take money to refund at a fee. In the delete's transaction, under the buyers' account
 * locks, which a payment takes: the orders' rows are locked first (a move takes the order's row before its listing's),
 * then `markDeleted` writes the listing, then each order is canceled, so the offer one used is closed with the listing
 * rather than given back.
 */
export async function deleteListingEndingUnpaidOrders(
  deps: AppDeps,
  trx: Database,
  listing: { id: string; adminId: string },
  now: number,
  markDeleted: () => Promise<void>,
): Promise<FollowUp[]> {
  const ctx = ordersContext(deps);
  const unpaid = await unpaidOrdersOfListing(trx, listing.id, { lock: true });
  await markDeleted();
  const canceled: FollowUp[] = [];
  const actor = { kind: 'admin' as const, id: listing.adminId };
  for (const order of unpaid) {
    const moved = await applyTransition(ctx, trx, order, 'listing_removed', actor, opts, now);
    canceled.push({ before: order, moved, action: 'listing_removed' });
  }
  return canceled;
}

const opts = { reason: LISTING_REMOVED_ORDER_REASON };

/** Once the delete committed: each canceled order's chat notice, live pages and open Stripe page. */
export const followUpCanceledOrders = (deps: AppDeps, canceled: FollowUp[]) =>
  afterTransitions(ordersContext(deps), canceled);
