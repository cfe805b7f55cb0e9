import type { Database } from '../../db/database';
import { preparedQuery } from '../../db/prepared-query';
import type { ReviewsTable } from '../../db/schema';

function reviewQuery(db: Database) {
  return db
    .selectFrom('reviews')
    .innerJoin('listings', 'listings.id', 'reviews.listingId')
    .innerJoin('users as buyer', 'buyer.id', 'reviews.buyerId')
    .select([
      'reviews.id',
      'reviews.listingId',
      'listings.title as listingTitle',
      'reviews.sellerId',
      'reviews.buyerId',
      'buyer.displayName as buyerName',
      'reviews.rating',
      'reviews.comment',
      'reviews.reply',
      'reviews.repliedAt',
      'reviews.createdAt',
    ]);
}

/** The listing a review is written about, whatever became of it (deleted or hidden: the review is about the sale). */
export function findReviewedListing(db: Database, id: string) {
  return db
    .selectFrom('listings')
    .select(['id', 'sellerId', 'status', 'title'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findReview(db: Database, id: string) {
  return reviewQuery(db).where('reviews.id', '=', id).executeTakeFirst();
}

// Asked on every listing page a member opens: compiled once (db/prepared-query.ts).
const reviewByBuyer = preparedQuery((db, a: { listingId: string; buyerId: string }) =>
  reviewQuery(db).where('reviews.listingId', '=', a.listingId).where('reviews.buyerId', '=', a.buyerId),
);

export function findReviewByBuyer(db: Database, listingId: string, buyerId: string) {
  return reviewByBuyer.takeFirst(db, { listingId, buyerId });
}

/** The seller's reviews, newest first, keyset-paged on (createdAt, id), with their listing's status now. */
export function sellerReviews(db: Database, sellerId: string, after: [number, string] | undefined, limit: number) {
  let q = reviewQuery(db).select('listings.status as listingStatus').where('reviews.sellerId', '=', sellerId);
  if (after) q = q.where((eb) => eb(eb.refTuple('reviews.createdAt', 'reviews.id'), '<', eb.tuple(after[0], after[1])));
  return q
    .orderBy('reviews.createdAt', 'desc')
    .orderBy('reviews.id', 'desc')
    .limit(limit + 1)
    .execute();
}

export async function insertReview(db: Database, row: ReviewsTable) {
  await db.insertInto('reviews').values(row).execute();
}

/** Delete the review of an order, if there is one; returns its buyer and listing's title (undefined: none). */
export async function deleteReviewOfOrder(db: Database, orderId: string) {
  const review = await db
    .selectFrom('reviews')
    .innerJoin('listings', 'listings.id', 'reviews.listingId')
    .select(['reviews.id', 'reviews.buyerId', 'listings.title'])
    .where('reviews.orderId', '=', orderId)
    .executeTakeFirst();
  if (!review) return undefined;
  const res = await db.deleteFrom('reviews').where('id', '=', review.id).executeTakeFirst();
  return Number(res.numDeletedRows) === 1 ? review : undefined;
}

/** Set the reply only if there is none yet; returns whether this call set it. */
export async function setReplyOnce(db: Database, id: string, reply: string, now: number) {
  const res = await db
    .updateTable('reviews')
    .set({ reply, repliedAt: now })
    .where('id', '=', id)
    .where('reply', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function hasConversation(db: Database, listingId: string, buyerId: string) {
  const row = await db
    .selectFrom('conversations')
    .select('id')
    .where('listingId', '=', listingId)
    .where('buyerId', '=', buyerId)
    .executeTakeFirst();
  return !!row;
}
