import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  TRAFFIC_ACTIVE_USERS_PATH,
  TRAFFIC_STATS_PATH,
  type ActiveUsers,
  type TrafficStats,
  type TrafficStatsQuery,
} from '@accountry/shared/traffic';
import { api, toQuery } from '../../../lib/api';

/** How often "active users now" refreshes while the page is open. */
export const ACTIVE_USERS_REFRESH_MS = 10_000;

export const trafficKeys = {
  stats: (q: TrafficStatsQuery) => ['admin', 'traffic', 'stats', q] as const,
  activeUsers: ['admin', 'traffic', 'active-users'] as const,
};

// Spec section 8: stats failures are logged to the console (the page also shows them).
const logged =
  <T>(fn: () => Promise<T>) =>
  () =>
    fn().catch((err) => {
      console.error('Traffic statistics failed', err);
      throw err;
    });

export function useTrafficStats(q: TrafficStatsQuery, enabled = true) {
  return useQuery({
    queryKey: trafficKeys.stats(q),
    queryFn: logged(() => api<TrafficStats>(`${TRAFFIC_STATS_PATH}${toQuery(q)}`)),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useActiveUsers() {
  return useQuery({
    queryKey: trafficKeys.activeUsers,
    queryFn: logged(() => api<ActiveUsers>(TRAFFIC_ACTIVE_USERS_PATH)),
    refetchInterval: ACTIVE_USERS_REFRESH_MS,
    staleTime: 0,
  });
}
