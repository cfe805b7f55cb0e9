import type { QueryClient } from '@tanstack/react-query';
import { homeListingsQuery } from '../../../components/listings/home-listings-query';

/** Asks for the home page's sections as its code starts to load (the router's loader, page-routes.ts). */
export function prefetchPage(client: QueryClient) {
  void client.prefetchQuery(homeListingsQuery);
}
