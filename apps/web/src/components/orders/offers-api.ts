import { OFFER_ROUTES, offerPath, type Offer, type OffersPage } from '@accountry/shared/offers';
import { api, toQuery } from '../../lib/api';

export type OfferSide = 'made' | 'received';
export type OfferAnswer = 'accept' | 'decline' | 'withdraw';

/** Offers (decision 180): the listing page and the offers page share these calls and their cache keys. */
export const offerKeys = {
  all: ['offers'] as const,
  list: (side: OfferSide, listingId?: string) => ['offers', side, listingId ?? null] as const,
};

export const offersApi = {
  list: (side: OfferSide, cursor?: string | null, listingId?: string) =>
    api<OffersPage>(`${OFFER_ROUTES.list}${toQuery({ side, listingId, cursor })}`),
  make: (listingId: string, amountCents: number) =>
    api<Offer>(offerPath(OFFER_ROUTES.make, listingId), { body: { amountCents } }),
  answer: (id: string, answer: OfferAnswer) => api<Offer>(offerPath(OFFER_ROUTES[answer], id), { body: {} }),
};
