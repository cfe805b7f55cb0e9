import { queryOptions } from '@tanstack/react-query';
import { ORDER_ROUTES, orderPath } from '@accountry/shared/orders';
import { type DisputeStatement } from '@accountry/shared/disputes';
import { api } from '../../lib/api';

/** An order's dispute thread, as the thread shows it and the order page's updates read it out. */
export const statementsQuery = (orderId: string) =>
  queryOptions({
    queryKey: ['orders', 'statements', orderId],
    queryFn: () => api<{ items: DisputeStatement[] }>(orderPath(ORDER_ROUTES.statements, { id: orderId })),
  });
