import type { AuthUser } from '../../plugins/auth';
import type { AppDeps } from '../../app';
import { favoriteIdsAmongCached } from './member-favorites-cache';

/** Who is looking at the catalogue: a member, or a visitor (null). */
export type Viewer = AuthUser | null;

/**
 * The viewer's favorites among the cards: one statement over their ids (none for a visitor), on PostgreSQL shared
 * with the pages asked at the same time.
 */
export async function favoritesAmong(deps: AppDeps, cards: Array<{ id: string }>, viewer: Viewer) {
  if (!viewer || !cards.length) return new Set<string>();
  return favoriteIdsAmongCached(deps, viewer.id, [...new Set(cards.map((c) => c.id))]);
}

export const markedCard = <T extends { id: string }>(card: T, favorites: Set<string>) => ({
  ...card,
  isFavorite: favorites.has(card.id),
});
export const marked = <T extends { id: string }>(cards: T[], favorites: Set<string>) =>
  cards.map((c) => markedCard(c, favorites));
