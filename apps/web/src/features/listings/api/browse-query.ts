import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import { apiQuery, filterErrors, readParams } from '../lib/browse-params';
import { fetchBrowse, listingKeys } from './listings-api';

type BrowseQuery = ReturnType<typeof apiQuery>;

export const BROWSE_GC_TIME = 30 * 60_000;

/** The results of /browse for one API query, page by page (keyset cursors). */
export const browseQuery = (q: BrowseQuery) =>
  infiniteQueryOptions({
    queryKey: listingKeys.browse(q),
    queryFn: ({ pageParam, signal }) => fetchBrowse(q, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // A buyer back from a listing after a while finds the pages they had scrolled through, not only the first.
    gcTime: BROWSE_GC_TIME,
  });

/**
 * Asks for the first page of results for a /browse URL at once: the router calls it as the page's code starts to load,
 * so the results arrive beside the code instead of after the page's first render.
 */
export function prefetchPage(client: QueryClient, url: URL) {
  const params = readParams(url.searchParams);
  // Filters the route would refuse are shown at the fields and never sent (its schema has the same rules).
  if (!Object.keys(filterErrors(params)).length) void client.prefetchInfiniteQuery(browseQuery(apiQuery(params)));
}
