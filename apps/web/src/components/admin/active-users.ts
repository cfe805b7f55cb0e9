import { useQuery } from '@tanstack/react-query';
import { TRAFFIC_ACTIVE_USERS_PATH, type ActiveUsers } from '@accountry/shared/traffic';
import { api } from '../../lib/api';
import { pageViewLanded } from '../../lib/page-views';

/** One key for the dashboard's figure and the traffic page's: either page's answer is the other's. */
export const activeUsersKey = ['admin', 'traffic', 'active-users'] as const;

/**
 * "Active users now" (spec section 8), for the dashboard and the traffic page alike. It asks once this tab's page view
 * has landed, so a reload counts the admin's own visit (`lib/page-views.ts`). Failures go to the console too.
 */
export function useActiveUsers({ refetchInterval, retry }: { refetchInterval: number; retry?: false }) {
  // An explicit `retry: undefined` would replace the app's retry rule (providers.tsx) with the library's own.
  return useQuery({
    queryKey: activeUsersKey,
    queryFn: async () => {
      await pageViewLanded();
      return api<ActiveUsers>(TRAFFIC_ACTIVE_USERS_PATH).catch((err: unknown) => {
        console.error('Traffic statistics failed', err);
        throw err;
      });
    },
    refetchInterval,
    staleTime: 0,
    ...(retry === false && { retry }),
  });
}
