import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TRAFFIC_STATS_PATH, type TrafficStats, type TrafficStatsQuery } from '@accountry/shared/traffic';
import { api, toQuery } from '../../../lib/api';

/** How often "active users now" refreshes while the page is open. */
export const ACTIVE_USERS_REFRESH_MS = 10_000;

export const trafficKeys = {
  stats: (q: TrafficStatsQuery) => ['admin', 'traffic', 'stats', q] as const,
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
