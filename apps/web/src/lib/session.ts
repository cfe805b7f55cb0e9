import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeResponse } from '@accountry/shared/auth';
import { api } from './api';

export const SESSION_QUERY_KEY = ['session'] as const;

/** The server session; main.tsx starts it before the first page's code has loaded. */
export const sessionQuery = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: () => api<MeResponse>('/api/auth/me'),
  staleTime: 60_000,
});

/** The signed-in user (or null), from the server session. */
export function useSession() {
  const query = useQuery(sessionQuery);
  return { ...query, user: query.data?.user ?? null, loading: query.isPending };
}
