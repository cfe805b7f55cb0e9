import type { BrowseResponse, HomeListings } from '@accountry/shared/listing-browse';
import type { ListingCard } from '@accountry/shared/listing-schemas';
import type { AppDeps } from '../../app';
import type { TableWrites } from '../../db/change-tracking';
import { changesListings, changesUsers, invalidateOnWrites } from '../../lib/invalidate-on-writes';
import type { SharedJsonHead } from '../../lib/json-parts';
import { ReplyCache } from '../../lib/reply-cache';
import { VersionedCache } from '../../lib/versioned-cache';
import type { ListingRecord } from './listings.repository';

/** What a listing's page shows the same to everyone, built once: the listing record and the page's JSON. */
export interface ListingDetailCore {
  /** Its favorite count may be out of date: favorites do not clear the cache (`changesCatalogue`). */
  listing: ListingRecord;
  /** The page's viewer-independent properties, serialised and compressed once (lib/json-parts.ts). */
  page: SharedJsonHead;
}

/**
 * Whether a committed write can change a card, a listing page or a browse page (cards name their sellers). A favorite
 * changes only the listing's favorite count, which none of them shows.
 */
export const changesCatalogue = (writes: TableWrites) =>
  changesListings(writes) || writes.has('listing_images') || changesUsers(writes);

export interface CatalogueCache {
  /** Anonymous browse, search and home replies, serialised and compressed. */
  replies: ReplyCache;
  /** Browse and search pages by query, without anyone's favorites. */
  pages: VersionedCache<BrowseResponse>;
  /** The home page's sections, without anyone's favorites. */
  home: VersionedCache<HomeListings>;
  /** The viewer-independent part of listing pages, by listing id. */
  details: VersionedCache<ListingDetailCore>;
  /** A listing's similar cards, by listing id, without anyone's favorites. */
  similar: VersionedCache<ListingCard[]>;
  /** Forget everything (a committed catalogue write here or in another process; benches timing the statements). */
  clear(): void;
}

const caches = new WeakMap<object, CatalogueCache>();

/**
 * The catalogue's caches for this app, kept until a committed write changes the catalogue (decision 145). Every
 * write through the database handle is seen (db/change-tracking.ts), so no writer has to remember to invalidate.
 */
export function catalogueCacheFor(deps: Pick<AppDeps, 'db' | 'bus' | 'onClose' | 'log'>): CatalogueCache {
  let cache = caches.get(deps);
  if (!cache) {
    const created: CatalogueCache = {
      replies: new ReplyCache(),
      pages: new VersionedCache(),
      home: new VersionedCache(),
      details: new VersionedCache(),
      similar: new VersionedCache(),
      clear() {
        for (const cache of [created.replies, created.pages, created.home, created.details, created.similar])
          cache.invalidate();
      },
    };
    invalidateOnWrites(deps, 'listings.catalogue', changesCatalogue, () => created.clear());
    caches.set(deps, (cache = created));
  }
  return cache;
}
