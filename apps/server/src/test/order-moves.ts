import type { AppDeps } from '../app';
import { moveOrder } from '../features/orders/order-transitions';
import { ordersContext } from '../features/orders/orders-context';

/** The sweep's expiry of one unpaid order whose payment window ended at `dueAt`, for tests of other features. */
export const expireUnpaidOrder = (deps: AppDeps, orderId: string, dueAt: number | null) =>
  moveOrder(ordersContext(deps), orderId, 'expire', { kind: 'system', id: null }, { claimDueAt: dueAt });
