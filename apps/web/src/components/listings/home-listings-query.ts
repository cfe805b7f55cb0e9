import { queryOptions } from '@tanstack/react-query';
import type { HomeListings } from '@accountry/shared/listing-browse';
import { api } from '../../lib/api';

/** The request for the home page's sections: index.html asks for it before any script runs (decision 229). */
export const HOME_LISTINGS_URL = '/api/listings/home';

export const homeListingsQuery = queryOptions({
  queryKey: ['listings', 'home'],
  queryFn: () => api<HomeListings>(HOME_LISTINGS_URL),
});
