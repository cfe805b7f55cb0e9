import { useQuery } from '@tanstack/react-query';
import { ORDER_ROUTES, type Fees } from '@accountry/shared/orders';
import { api } from '../../lib/api';

/** The fees as the server is configured; they do not change while the app runs. */
export const feesQuery = {
  queryKey: ['fees'],
  queryFn: () => api<Fees>(ORDER_ROUTES.fees),
  staleTime: Infinity,
};

/** The share of a sale's price the platform keeps, as the server is configured; undefined until it has answered. */
export function usePlatformFee() {
  return useQuery(feesQuery).data?.platformFeePercent;
}
