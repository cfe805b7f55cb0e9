import { LISTING_MESSAGES } from '@accountry/shared/listing-messages';
import { favoriteAvailability, type FavoriteItem, type FavoritesPage } from '@accountry/shared/favorites';
import type { AppDeps } from '../../app';
import type { AuthUser } from '../../plugins/auth';
import { badRequest } from '../../lib/app-error';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor';
import { cardsByIds, visibleListing } from '../listings/listings.service';
import { addFavorite, countFavorites, favoritesPage, removeFavorite } from './favorites.repository';

const PAGE = 24;

/** Favorite a listing the member can see and does not sell; favoriting twice changes nothing. */
export async function favorite(deps: AppDeps, user: AuthUser, listingId: string) {
  const listing = await visibleListing(deps, listingId, user);
  if (listing.sellerId === user.id) throw badRequest(LISTING_MESSAGES.favoriteOwn);
  await addFavorite(deps.db.db, user.id, listingId, deps.clock.now());
  return { listingId, favorited: true };
}

export async function unfavorite(deps: AppDeps, user: AuthUser, listingId: string) {
  await removeFavorite(deps.db.db, user.id, listingId);
  return { listingId, favorited: false };
}

/** The member's favorites with current price and status; removed listings stay, without their details. */
export async function listFavorites(deps: AppDeps, user: AuthUser, cursor: string | undefined): Promise<FavoritesPage> {
  const [rows, total] = await Promise.all([
    favoritesPage(deps.db.db, user.id, decodeCursor(cursor), PAGE),
    countFavorites(deps.db.db, user.id),
  ]);
  const page = rows.slice(0, PAGE);
  const listings = await cardsByIds(
    deps,
    page.map((r) => r.listingId),
    user,
  );
  const items: FavoriteItem[] = page.map((r) => {
    const l = listings.get(r.listingId);
    const availability = l ? favoriteAvailability(l.status, l.deletedAt) : 'removed';
    return {
      listingId: r.listingId,
      favoritedAt: r.createdAt,
      availability,
      listing: l && availability !== 'removed' ? l.card : null,
    };
  });
  const last = page[page.length - 1];
  return { items, total, nextCursor: rows.length > PAGE && last ? encodeCursor(last.createdAt, last.listingId) : null };
}
