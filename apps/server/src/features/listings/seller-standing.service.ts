import type { Transaction } from 'kysely';
import { ACCOUNT_MESSAGES } from '@accountry/shared/auth-messages';
import { canSell } from '@accountry/shared/roles';
import { lockKeys, withKeyLocks } from '../../db/key-lock';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import { conflict, forbidden } from '../../lib/app-error';
import { hasListingsForSale, storedRoleOf } from './listings.repository';

/** The seller's listings lock: a new listing, a listing put on sale and a switch to buying only each take it. */
export const sellerListingsLock = (sellerId: string) => `listings-of:${sellerId}`;

/** Take the seller's listings lock in `trx`: what changes what they may sell, or what they have for sale, takes it. */
export const lockSellerListings = (trx: Database, sellerId: string) => lockKeys(trx, [sellerListingsLock(sellerId)]);

/**
 * Write a member's switch to a role that cannot sell, refused (409) while they have a listing for sale: as a buyer they
 * could no longer unpublish or edit it (decision 237). Under the lock a publish takes, so the two never cross.
 */
export function whileNothingForSale<T>(db: Database, memberId: string, write: (trx: Transaction<DB>) => Promise<T>) {
  return withKeyLocks(db, [sellerListingsLock(memberId)], async (trx) => {
    await assertNothingForSale(trx, memberId, ACCOUNT_MESSAGES.listingsForSale);
    return write(trx);
  });
}

/** 409 with `message` while the member has a listing for sale; the caller holds `sellerListingsLock(memberId)`. */
export async function assertNothingForSale(trx: Database, memberId: string, message: string) {
  if (await hasListingsForSale(trx, memberId)) throw conflict(message);
}

/** In the transaction that puts a listing on sale: the seller's lock, then 403 once their stored role cannot sell. */
export async function assertStillSelling(trx: Database, sellerId: string) {
  await lockSellerListings(trx, sellerId);
  const role = await storedRoleOf(trx, sellerId);
  if (!role || !canSell(role)) throw forbidden();
}
