import type { QueryClient } from '@tanstack/react-query';

/**
 * After a favorite was added or removed, by the heart or on the favorites page: every cached copy of the listing
 * (browse pages, home, similar, its page, its seller's page) says so, and the favorites list is fetched again.
 * Resolves once that list, and any listings read again, are back.
 */
export async function favoriteChanged(client: QueryClient, id: string, isFavorite: boolean): Promise<void> {
  const patch = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(patch);
    if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      const next = Object.fromEntries(Object.entries(o).map(([k, x]) => [k, patch(x)]));
      if (o.id !== id || !('isFavorite' in o)) return next;
      // The count its seller and admins see (null for others) moves with the change, once: a repeat changes nothing.
      const count = o.favoriteCount;
      const moved = typeof count === 'number' && o.isFavorite !== isFavorite;
      return { ...next, isFavorite, ...(moved && { favoriteCount: Math.max(0, count + (isFavorite ? 1 : -1)) }) };
    }
    return v;
  };
  const keys = [['listings'], ['listing', id], ['seller-listings']];
  // A read still on its way was answered before the change: landing after the patch, it would show the heart as it
  // was. It is dropped, and read again once patched, now that the change is stored.
  const inFlight = keys.flatMap((queryKey) => client.getQueryCache().findAll({ queryKey, fetchStatus: 'fetching' }));
  await Promise.all(inFlight.map(({ queryKey }) => client.cancelQueries({ queryKey, exact: true })));
  for (const queryKey of keys) client.setQueriesData({ queryKey }, patch);
  await Promise.all([
    ...inFlight.map(({ queryKey }) => client.invalidateQueries({ queryKey, exact: true })),
    client.invalidateQueries({ queryKey: ['favorites'] }),
  ]);
}
