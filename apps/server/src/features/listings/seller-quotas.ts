import { QUOTA_MESSAGES as Q } from '@accountry/shared/listing-messages';
import type { AppDeps } from '../../app';
import { conflict, tooManyRequests } from '../../lib/app-error';
import type { WindowCounter } from '../../lib/rate-limits';
import type { Database } from '../../db/database';
import { withKeyLocks } from '../../db/key-lock';
import type { DB } from '../../db/schema';
import type { Transaction } from 'kysely';
import { countLiveListings, storedImageBytes } from './listings.repository';
import { sellerListingsLock } from './seller-standing.service';
import { DAY_MS, HOUR_MS } from '@accountry/shared/durations';

interface Rates {
  creations: WindowCounter;
  uploadsPerHour: WindowCounter;
  uploadsPerDay: WindowCounter;
}

/** One set of counters per app: the shared limit store counts them across processes (decision 091). */
const ratesOf = new WeakMap<AppDeps, Rates>();
function rates(deps: AppDeps): Rates {
  let r = ratesOf.get(deps);
  if (!r) {
    const q = deps.config.quotas;
    r = {
      creations: deps.limits.counter({ name: 'listing-creations', max: q.listingCreationsPerDay, windowMs: DAY_MS }),
      uploadsPerHour: deps.limits.counter({ name: 'image-uploads-h', max: q.imageUploadsPerHour, windowMs: HOUR_MS }),
      uploadsPerDay: deps.limits.counter({ name: 'image-uploads-d', max: q.imageUploadsPerDay, windowMs: DAY_MS }),
    };
    ratesOf.set(deps, r);
  }
  return r;
}

/** Count a listing creation (new or duplicate) against the seller's daily allowance; every attempt counts. */
export async function claimListingCreation(deps: AppDeps, sellerId: string) {
  if (!(await rates(deps).creations.hit(sellerId)).allowed)
    throw tooManyRequests(Q.listingsPerDay(deps.config.quotas.listingCreationsPerDay));
}

/** Count a screenshot upload against the hourly, then (if it passed that) the daily allowance. */
export async function claimImageUpload(deps: AppDeps, sellerId: string) {
  const q = deps.config.quotas;
  if (!(await rates(deps).uploadsPerHour.hit(sellerId)).allowed)
    throw tooManyRequests(Q.uploadsPerHour(q.imageUploadsPerHour));
  if (!(await rates(deps).uploadsPerDay.hit(sellerId)).allowed)
    throw tooManyRequests(Q.uploadsPerDay(q.imageUploadsPerDay));
}

/**
 * Insert a listing only while the seller has fewer live listings than the quota: the count and the insert run
 * under the seller's lock, so parallel requests cannot pass it together (409 otherwise).
 */
export function withListingRoom<T>(deps: AppDeps, sellerId: string, insert: (trx: Transaction<DB>) => Promise<T>) {
  const max = deps.config.quotas.listingsPerSeller;
  return withKeyLocks(deps.db.db, [sellerListingsLock(sellerId)], async (trx) => {
    if ((await countLiveListings(trx, sellerId)) >= max) throw conflict(Q.listingsTotal(max));
    return insert(trx);
  });
}

/** 409 when the seller's stored screenshots plus `adding` bytes would pass the storage quota. */
export async function assertImageRoom(deps: AppDeps, db: Database, sellerId: string, adding: number) {
  const max = deps.config.quotas.imageBytesPerSeller;
  const used = await storedImageBytes(db, sellerId);
  if (used + adding > max || used >= max) throw conflict(Q.imageBytes(max));
}

/** The lock under which a seller's screenshot count and bytes are checked and a new one inserted. */
export function withImageRoom<T>(deps: AppDeps, sellerId: string, fn: (trx: Transaction<DB>) => Promise<T>) {
  return withKeyLocks(deps.db.db, [`images-of:${sellerId}`], fn);
}
