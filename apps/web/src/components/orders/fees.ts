import { useQuery } from '@tanstack/react-query';
import { ORDER_ROUTES, type Fees } from '@accountry/shared/orders';
import { api } from '../../lib/api';

/** The share of a sale's price the platform keeps, as the server is configured; undefined until it has answered. */
export function usePlatformFee() {
  const query = useQuery({
    queryKey: ['fees'],
    queryFn: () => api<Fees>(ORDER_ROUTES.fees),
    staleTime: Infinity,
  });
  return query.data?.platformFeePercent;
}
