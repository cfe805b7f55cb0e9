import { OFFER_ROUTES, offerPath, type Offer, type OffersPage } from '@accountry/shared/offers';
import type { QueryClient } from '@tanstack/react-query';
import { api, toQuery } from '../../lib/api';
import { refreshWaiting } from './waiting';

export type OfferSide = 'made' | 'received';
export type OfferFilter = 'all' | 'waiting';
export type OfferAnswer = 'accept' | 'decline' | 'withdraw' | 'accept-counter';

/** Offers (decision 180): the listing page and the offers page share these calls and their cache keys. */
export const offerKeys = {
  all: ['offers'] as const,
  /** The offers page's paged list of one side, all or only those waiting for the viewer. */
  pages: (side: OfferSide, status: OfferFilter) => ['offers', 'pages', side, status] as const,
  /** One side's offers on one listing (a plain query: its own key, never the paged list's shape). */
  onListing: (side: OfferSide, listingId: string) => ['offers', 'listing', side, listingId] as const,
};

/** After an offer moved: every offer list, and the count of what waits in the account menu. */
export const refreshOffers = (client: QueryClient) =>
  Promise.all([client.invalidateQueries({ queryKey: offerKeys.all }), refreshWaiting(client)]);

export const offersApi = {
  list: (side: OfferSide, cursor?: string | null, listingId?: string, status: OfferFilter = 'all') =>
    api<OffersPage>(
      `${OFFER_ROUTES.list}${toQuery({ side, status: status === 'all' ? undefined : status, listingId, cursor })}`,
    ),
  make: (listingId: string, amountCents: number, note: string) =>
    api<Offer>(offerPath(OFFER_ROUTES.make, listingId), { body: { amountCents, note } }),
  answer: (id: string, answer: OfferAnswer) =>
    api<Offer>(offerPath(OFFER_ROUTES[answer === 'accept-counter' ? 'acceptCounter' : answer], id), { body: {} }),
  counter: (id: string, amountCents: number, note: string) =>
    api<Offer>(offerPath(OFFER_ROUTES.counter, id), { body: { amountCents, note } }),
};
