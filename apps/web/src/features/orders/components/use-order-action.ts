import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderDetail } from '@accountry/shared/orders';
import { ApiRequestError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { orderKeys } from '../api/orders-api';

/** An action on an order: shows the new order at once, toasts the outcome, refreshes lists and the wallet. */
export function useOrderAction<I>(orderId: string, fn: (input: I) => Promise<OrderDetail>, success: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (order) => {
      client.setQueryData(orderKeys.detail(orderId), order);
      toast.success(success);
      await client.invalidateQueries({ queryKey: orderKeys.all });
    },
    onError: (err) => {
      // A 409 means the order moved meanwhile: show where it stands now.
      if (err instanceof ApiRequestError && err.status === 409)
        void client.invalidateQueries({ queryKey: orderKeys.detail(orderId) });
    },
  });
}
