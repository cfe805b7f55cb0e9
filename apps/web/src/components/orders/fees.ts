import { useQuery } from '@tanstack/react-query';
import { platformFeeCents } from '@accountry/shared/order-state';
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

/** What a seller receives of a price, in cents, the fee rounded as the server rounds it. */
export const afterFee = (cents: number, percent: number) => cents - platformFeeCents(cents, percent);
