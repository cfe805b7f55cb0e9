import type { Generated } from 'kysely';
import type { OfferStatus } from '@accountry/shared/offers';

// Listings and what members keep of them: images, favorites, reviews, saved searches, offers. Conventions in
// ../schema.ts.

export interface ListingsTable {
  id: string;
  sellerId: string;
  title: string;
  /**
   * The last title buyers could see: written with every write that leaves the listing for sale, reserved or sold
   * (`publicTitleWhen`); null until first published. What others than its seller are shown (decision 043).
   */
  publicTitle?: string | null;
  category: 'game' | 'social' | 'streaming' | 'other';
  platform: string;
  region: string;
  description: string;
  priceCents: number;
  currency: string;
  negotiable: boolean;
  level: string | null;
  itemsCount: number | null;
  followers: number | null;
  engagementRate: number | null;
  accountAgeMonths: number | null;
  verified: boolean;
  originalEmail: boolean;
  twoFactorRemovable: boolean;
  deliveryMethod: string;
  deliveryTime: string;
  /** 0, 5, 14 or 30 days (DEFAULT_PROTECTION_DAYS per category); the column defaults to 14. */
  protectionDays?: number;
  status: 'draft' | 'active' | 'reserved' | 'sold' | 'hidden';
  hiddenReason: string | null;
  /** Which closing of the seller's account hid the listing; null when an admin did (decision 169). */
  hiddenByClosing?: 'disabled' | 'deleted' | null;
  /** Status to return to when an admin unhides the listing. */
  statusBeforeHidden: string | null;
  viewCount: number;
  favoriteCount: number;
  createdAt: number;
  updatedAt: number;
  publishedAt: number | null;
  soldAt: number | null;
  /** Set when the seller deletes the listing: it disappears everywhere but stays for favorites, chats and reviews. */
  deletedAt?: number | null;
  /** Bumped by each content edit (not by screenshot writes): a save names the one it was decided on (decision 258). */
  contentVersion?: number;
  /** The request id its seller's form sent with the create: the same create sent again finds it (decision 258). */
  createRequestId?: string | null;
  /** When the seller of the hidden listing asked for another look; null when no ask waits (decision 259). */
  reviewRequestedAt?: number | null;
  /** The seller's note with the ask ('' without one); null when no ask waits. */
  reviewRequestNote?: string | null;
  /** The content version a moderator kept hidden: the seller changes the listing before asking again. */
  reviewedVersion?: number | null;
}

export interface ListingImagesTable {
  id: string;
  listingId: string;
  position: number;
  url: string;
  thumbUrl: string;
  width: number;
  height: number;
  createdAt: number;
  /** Bytes of the display image and thumbnail files; 0 for demo screenshots (shared, not the seller's). */
  bytes?: number;
}

export interface FavoritesTable {
  userId: string;
  listingId: string;
  createdAt: number;
  /** The price the member was last mailed about as a drop (decision 196); null until then. */
  priceMailedCents: Generated<number | null>;
}

export interface ReviewsTable {
  id: string;
  listingId: string;
  sellerId: string;
  buyerId: string;
  rating: number;
  comment: string;
  /** The seller's one answer. */
  reply: string | null;
  repliedAt: number | null;
  createdAt: number;
  /** The completed order the review is about (decision 081); null for reviews older than orders. */
  orderId?: string | null;
}

/** A member's saved /browse search (decision 167). */
export interface SavedSearchesTable {
  id: string;
  userId: string;
  /** The canonical /browse query string of its filters. */
  query: string;
  createdAt: number;
  /** New listings published up to this time were looked for (and mailed). */
  checkedAt: number;
  /** Whether new listings are mailed; off from the mail's Unsubscribe link or the saved searches page (decision 216). */
  alerts: Generated<boolean>;
}

/** A buyer's offer on a negotiable listing (decision 180); `expiresAt` ends the answer or, once accepted, the purchase. */
export interface OffersTable {
  id: string;
  listingId: string;
  buyerId: string;
  sellerId: string;
  amountCents: number;
  currency: string;
  /** The listing's title and price when the offer was made. */
  listingTitle: string;
  listingPriceCents: number;
  status: OfferStatus;
  createdAt: number;
  updatedAt: number;
  expiresAt: number;
  /** The order that used it. */
  orderId: string | null;
  /** The seller's price in answer (a counter-offer). */
  counterCents?: number | null;
  /** When to mail the buyer that the accepted offer ends soon; cleared once sent. */
  reminderAt?: number | null;
}
