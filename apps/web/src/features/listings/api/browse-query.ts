import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import { browsePriceRangeError } from '@accountry/shared/listing-browse-rules';
import { apiQuery, readParams } from '../hooks/use-browse-params';
import { fetchBrowse, listingKeys } from './listings-api';

type BrowseQuery = ReturnType<typeof apiQuery>;

/** The results of /browse for one API query, page by page (keyset cursors). */
export const browseQuery = (q: BrowseQuery) =>
  infiniteQueryOptions({
    queryKey: listingKeys.browse(q),
    queryFn: ({ pageParam, signal }) => fetchBrowse(q, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** A reversed price range is shown at the fields and never sent (the route's schema has the same rule). */
export const priceRangeError = (q: BrowseQuery) =>
  browsePriceRangeError(q.minPrice as number | undefined, q.maxPrice as number | undefined);

/**
 * Asks for the first page of results for a /browse URL at once: the router calls it as the page's code starts to load,
 * so the results arrive beside the code instead of after the page's first render.
 */
export function prefetchPage(client: QueryClient, url: URL) {
  const q = apiQuery(readParams(url.searchParams));
  if (!priceRangeError(q)) void client.prefetchInfiniteQuery(browseQuery(q));
}
