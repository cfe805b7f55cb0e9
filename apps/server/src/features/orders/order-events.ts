import { ORDER_EVENTS, type OrderUpdatedEvent } from '@accountry/shared/order-events';
import type { AppDeps } from '../../app';

/**
 * Tell the open pages of the order that it changed, once the change committed: its buyer and seller and admins, the
 * only members who may read it. A failed publish is logged: the pages catch up when they are next fetched.
 */
export async function publishOrderUpdated(
  deps: Pick<AppDeps, 'hub' | 'log'>,
  order: { id: string; buyerId: string; sellerId: string },
) {
  const data: OrderUpdatedEvent = { orderId: order.id };
  await deps.hub.publish({ userIds: [order.buyerId, order.sellerId], roles: ['admin'] }, ORDER_EVENTS.updated, data);
}

/**
 * The same for an order known by its id only (the background refund sender): its parties are read first. Never
 * throws: the change it reports is committed.
 */
export async function publishOrderUpdatedOf(deps: Pick<AppDeps, 'db' | 'hub' | 'log'>, orderId: string) {
  try {
    const order = await deps.db.db
      .selectFrom('orders')
      .select(['id', 'buyerId', 'sellerId'])
      .where('id', '=', orderId)
      .executeTakeFirst();
    if (order) await publishOrderUpdated(deps, order);
  } catch (err) {
    deps.log.warn({ err, orderId }, 'order update not published; pages catch up when fetched again');
  }
}
