import { z } from 'zod';
import { listingCardSchema } from './listing-schemas';

export const favoriteInputSchema = z.strictObject({
  listingId: z.string({ error: 'Listing ID is required' }).min(1, 'Listing ID is required').max(64),
});

/** How a favorited listing stands now: sold and removed ones stay in the list, marked so. */
export const FAVORITE_AVAILABILITY = ['available', 'reserved', 'sold', 'removed'] as const;
export type FavoriteAvailability = (typeof FAVORITE_AVAILABILITY)[number];
export const FAVORITE_AVAILABILITY_LABELS: Record<FavoriteAvailability, string> = {
  available: 'Available',
  reserved: 'Reserved',
  sold: 'Sold',
  removed: 'No longer available',
};

/** A favorite's listing as its member may see it now: a draft, hidden or deleted listing is "removed", without details. */
export function favoriteAvailability(status: string, deletedAt: number | null | undefined): FavoriteAvailability {
  if (deletedAt != null || status === 'draft' || status === 'hidden') return 'removed';
  return status === 'sold' ? 'sold' : status === 'reserved' ? 'reserved' : 'available';
}

export const favoriteItemSchema = z.object({
  listingId: z.string(),
  favoritedAt: z.number(),
  availability: z.enum(FAVORITE_AVAILABILITY),
  /** Null when the listing was removed (deleted, unpublished or hidden): its details are no longer shown. */
  listing: listingCardSchema.nullable(),
});
export type FavoriteItem = z.infer<typeof favoriteItemSchema>;

export const favoritesPageSchema = z.object({
  items: z.array(favoriteItemSchema),
  nextCursor: z.string().nullable(),
  total: z.number(),
});
export type FavoritesPage = z.infer<typeof favoritesPageSchema>;

export const favoriteStateSchema = z.object({ listingId: z.string(), favorited: z.boolean() });
