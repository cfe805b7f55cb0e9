import { z } from 'zod';
import { pageOf } from './admin-paging';
import { formatPrice } from './listing-attributes';
import { tryAgainIn } from './try-again';
import { messageBodySchema } from './chat';

/**
 * Offers on negotiable listings (decision 180). `pending` waits for the seller; `countered` for the buyer's answer to
 * the seller's price (`counterCents`); `accepted` may be bought at its price
 * once, by its buyer; the rest are over (`closed`: the listing was sold to someone else or removed, an account was closed, or one of the two blocked the other). A pending or accepted offer past `expiresAt` reads as `expired`.
 */
export const OFFER_STATUSES = [
  'pending',
  'countered',
  'accepted',
  'declined',
  'withdrawn',
  'expired',
  'used',
  'closed',
] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
/** The states in which an offer is still going: waiting for an answer, or accepted and not bought yet. */
export const OPEN_OFFER_STATUSES: readonly OfferStatus[] = ['pending', 'countered', 'accepted'];
export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = {
  pending: 'Waiting for an answer',
  countered: 'Counter-offer made',
  accepted: 'Accepted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
  used: 'Bought',
  closed: 'Closed',
};

/** An open offer past its time reads as expired, whether or not a write has marked it yet. */
export const effectiveOfferStatus = (o: { status: OfferStatus; expiresAt: number }, now: number): OfferStatus =>
  OPEN_OFFER_STATUSES.includes(o.status) && o.expiresAt <= now ? 'expired' : o.status;

export const OFFER_RULES = {
  /** The seller answers within this; then the offer expires. */
  answerHours: 48,
  /** An accepted offer is bought within this, or it expires and the listing's price is the price again. */
  buyHours: 24,
  /** The buyer is reminded this long before an accepted offer ends. */
  reminderHours: 4,
  /** An offer is at least this share of the price: lower ones only cost the seller time. */
  minPercent: 50,
  /** Offers a buyer may make on one listing in 24 hours. */
  perListingPerDay: 3,
  /** Open offers (pending, countered or accepted) a buyer may have at once. */
  maxOpen: 10,
  /** Offers a buyer may make in 24 hours: to one seller, and in all (each one mails its seller). */
  perSellerPerDay: 5,
  perDay: 20,
} as const;

/** The lowest offer a price takes, in cents (rounded up to the cent). */
export const lowestOffer = (priceCents: number) => Math.ceil((priceCents * OFFER_RULES.minPercent) / 100);

export const OFFER_MESSAGES = {
  notNegotiable: 'The seller does not take offers on this listing.',
  ownListing: 'You cannot make an offer on your own listing.',
  listingNotActive: 'This listing is not for sale right now.',
  tooLow: (priceCents: number, currency: string) =>
    `Offer at least ${formatPrice(lowestOffer(priceCents), currency)}, half the price.`,
  notBelowPrice: 'Offer less than the price, or buy the account at its price.',
  alreadyOpen: 'You already have an open offer on this listing. Withdraw it to make another.',
  tooManyOnListing: (waitMs: number) =>
    `You can make ${OFFER_RULES.perListingPerDay} offers on a listing in 24 hours. ${tryAgainIn(waitMs)}`,
  tooManyOpen: `You have ${OFFER_RULES.maxOpen} open offers. Wait for answers, or withdraw one first.`,
  tooManyToSeller: (waitMs: number) =>
    `You can make ${OFFER_RULES.perSellerPerDay} offers to one seller in 24 hours. ${tryAgainIn(waitMs)}`,
  tooManyToday: (waitMs: number) => `You can make ${OFFER_RULES.perDay} offers in 24 hours. ${tryAgainIn(waitMs)}`,
  blocked: 'You cannot make offers to this seller.',
  partyClosed: "This offer can no longer be accepted: the buyer's account is closed.",
  notFound: 'Offer not found.',
  notPending: 'This offer was already answered or withdrawn, or it expired.',
  notUsable: 'This offer can no longer be used: it was withdrawn or used, or it expired.',
  notYours: 'Only the buyer who made this offer can buy at its price.',
  notSeller: 'Only the seller can answer this offer.',
  counterBetween: (offerCents: number, priceCents: number, currency: string) =>
    `Ask more than the offer of ${formatPrice(offerCents, currency)} and less than your price of ` +
    `${formatPrice(priceCents, currency)}.`,
  notCountered: 'This counter-offer was already answered, or it expired.',
  noRoomToCounter: 'Your price is now at or below this offer: accept it, or decline it.',
  blockedAnswer: 'One of you blocked the other: this offer can no longer be answered.',
  countered: 'Counter-offer sent. The buyer has 48 hours to answer.',
  counterAccepted: 'Counter-offer accepted. You have 24 hours to buy at that price.',
  notBuyer: 'Only the buyer who made this offer can withdraw it.',
  sent: 'Offer sent. The seller has 48 hours to answer.',
  accepted: 'Offer accepted. The buyer has 24 hours to buy at that price.',
  declined: 'Offer declined.',
  withdrawn: 'Offer withdrawn.',
} as const;

/** The offer's events in its chat (system messages, decision 120). */
export const OFFER_CHAT_MESSAGES = {
  made: (amount: string) => `The buyer offered ${amount} for this account. The seller has 48 hours to answer.`,
  accepted: (amount: string) =>
    `The seller accepted the offer of ${amount}. The buyer has 24 hours to buy at that price.`,
  countered: (offer: string, counter: string) =>
    `The seller answered the offer of ${offer} with ${counter}. The buyer has 48 hours to accept it.`,
  counterAccepted: (amount: string) =>
    `The buyer accepted the seller's price of ${amount}, and has 24 hours to buy at it.`,
  counterDeclined: (amount: string) => `The buyer declined the seller's price of ${amount}.`,
  expiredUncountered: (amount: string) =>
    `The seller's price of ${amount} expired: the buyer did not answer in 48 hours.`,
  declined: (amount: string) => `The seller declined the offer of ${amount}.`,
  withdrawn: (amount: string) => `The buyer withdrew the offer of ${amount}.`,
  expiredUnanswered: (amount: string) => `The offer of ${amount} expired: the seller did not answer in 48 hours.`,
  expiredUnbought: (amount: string) => `The offer of ${amount} expired: it was not bought within 24 hours.`,
  boughtAnyway: (amount: string) => `The buyer bought the account at another price: the offer of ${amount} is closed.`,
  sold: (amount: string) => `The account was sold to another buyer: the offer of ${amount} is closed.`,
  removed: (amount: string) => `The listing was removed: the offer of ${amount} is closed.`,
  blocked: (amount: string) => `The offer of ${amount} is closed: one of you blocked the other.`,
  accountClosed: (amount: string, side: 'buyer' | 'seller') =>
    `The offer of ${amount} is closed: the ${side}'s account was closed.`,
} as const;

export const OFFER_ROUTES = {
  make: '/api/listings/:id/offers',
  list: '/api/offers',
  accept: '/api/offers/:id/accept',
  counter: '/api/offers/:id/counter',
  acceptCounter: '/api/offers/:id/accept-counter',
  decline: '/api/offers/:id/decline',
  withdraw: '/api/offers/:id/withdraw',
} as const;

export const offerPath = (route: string, id: string) => route.replace(':id', encodeURIComponent(id));

/** POST /api/listings/:id/offers, and a counter-offer's price. */
export const offerInputSchema = z.strictObject({
  amountCents: z
    .number({ error: 'Enter the amount you offer.' })
    .int('Enter the amount in whole cents.')
    .positive('Enter the amount you offer.')
    .max(100_000_000, 'Offer less than the price.'),
  /** Words sent with the price, posted in the listing's chat as the sender's own message (and quoted in the mail). */
  note: messageBodySchema,
});
export type OfferInput = z.input<typeof offerInputSchema>;

export const offerSchema = z.object({
  id: z.string(),
  listing: z.object({
    id: z.string(),
    sellerId: z.string(),
    title: z.string(),
    priceCents: z.number(),
    status: z.string(),
  }),
  /** Both parties by their display name. */
  buyerName: z.string(),
  sellerName: z.string(),
  amountCents: z.number(),
  /** The seller's price in answer, while `countered` (and after, for the record). */
  counterCents: z.number().nullable(),
  currency: z.string(),
  status: z.enum(OFFER_STATUSES),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** When a pending offer's answer or an accepted offer's purchase is due. */
  expiresAt: z.number(),
  orderId: z.string().nullable(),
});
export type Offer = z.infer<typeof offerSchema>;

/** GET /api/offers?side=made|received&status=all|waiting&listingId=&cursor=: newest first. */
export const offersQuerySchema = z.object({
  side: z.enum(['made', 'received']),
  /** `waiting`: only the offers that wait for the viewer's answer, or for them to buy (decision 181). */
  status: z.enum(['all', 'waiting']).default('all'),
  listingId: z.string().min(1).max(64).optional(),
  cursor: z.string().max(200).optional(),
});
export const offersPageSchema = pageOf(offerSchema);
export type OffersPage = z.infer<typeof offersPageSchema>;
export const OFFERS_PAGE_SIZE = 20;
