import { useEffect, useRef } from 'react';
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

/**
 * Loads the tab again when its session turns out to be another member's (signed in as someone else in another tab):
 * every cached page, message waiting to be sent and open form here was the last member's. Mounted once, in the layout.
 */
export function useReloadForAnotherMember(uid: string | undefined) {
  const last = useRef(uid);
  useEffect(() => {
    if (last.current && uid && uid !== last.current) window.location.reload();
    last.current = uid;
  }, [uid]);
}
