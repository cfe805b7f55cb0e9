import {
  REVIEW_MESSAGES,
  replyBlocker,
  reviewBlocker,
  type Review,
  type ReviewInput,
  type ReviewsPage,
} from '@accountry/shared/reviews';
import { LISTING_MESSAGES } from '@accountry/shared/listing-messages';
import type { AppDeps } from '../../app';
import type { AuthUser } from '../../plugins/auth';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor';
import { newId } from '../../lib/ids';
import { queueMailToUser } from '../../email/mail-to-user';
import { newReviewMail, reviewAnsweredMail, reviewWithdrawnMail } from './review-mails';
import { listingViewerFacts, type ListingViewerFacts } from '../../db/listing-viewer-facts';
import { lockOrderChargedBack } from '../../db/order-facts';
import type { Database } from '../../db/database';
import { visibleListing } from '../listings/listings.service';
import {
  deleteReviewOfOrder,
  findReview,
  findReviewByBuyer,
  findReviewedListing,
  insertReview,
  sellerReviews,
  setReplyOnce,
} from './reviews.repository';

const PAGE = 10;

interface ReviewedListing {
  id: string;
  sellerId: string;
  status: string;
  title: string;
}

/** Whether the viewer may review the seller for this listing (and the review they already wrote). */
export async function reviewState(
  deps: AppDeps,
  listing: ReviewedListing,
  viewer: Pick<AuthUser, 'id'>,
  known?: ListingViewerFacts,
) {
  const { blocker, mine, order } = await reviewFacts(deps, listing, viewer, known);
  return { blocker, mine, orderId: order?.id ?? null };
}

/** The review rule on the viewer's latest order for the listing, with that order. */
async function reviewFacts(
  deps: AppDeps,
  listing: ReviewedListing,
  viewer: Pick<AuthUser, 'id'>,
  known?: ListingViewerFacts,
) {
  const db = deps.db.db;
  const facts =
    known ?? (await listingViewerFacts(db, { listingId: listing.id, viewerId: viewer.id, sellerId: listing.sellerId }));
  const order = facts.latestOrder;
  // Most viewers have not reviewed the listing: the review itself is read only when there is one.
  const mine = facts.reviewId ? await findReview(db, facts.reviewId) : undefined;
  const blocker = reviewBlocker({
    isSeller: listing.sellerId === viewer.id,
    order: order ?? null,
    alreadyReviewed: !!mine,
    now: deps.clock.now(),
  });
  return { blocker, mine: (mine as Review | undefined) ?? null, order };
}

/** The buyer of a completed order rates the seller, once per order, within 30 days (decision 081). */
export async function createReview(
  deps: AppDeps,
  listingId: string,
  buyer: AuthUser,
  input: ReviewInput,
): Promise<Review> {
  const listing = await findReviewedListing(deps.db.db, listingId);
  if (!listing) throw notFound(LISTING_MESSAGES.notFound);
  const { blocker, order } = await reviewFacts(deps, listing, buyer);
  // Its buyer knows it from the order, even deleted or hidden since (decisions 047, 081); others what its page shows.
  if (order?.status !== 'completed') await visibleListing(deps, listing.id, buyer);
  const orderId = order?.id ?? null;
  if (blocker === REVIEW_MESSAGES.already || blocker === REVIEW_MESSAGES.chargedBack) throw conflict(blocker);
  if (blocker === REVIEW_MESSAGES.own) throw forbidden(blocker);
  if (blocker) throw badRequest(blocker);
  const id = newId();
  const now = deps.clock.now();
  try {
    // Read back in its own transaction: a chargeback committed just after it withdraws the review.
    return await deps.db.db.transaction().execute(async (trx) => {
      // The bank may have decided for the buyer since the facts were read: the review lands before that or not at all.
      if (orderId && (await lockOrderChargedBack(trx, orderId))) throw conflict(REVIEW_MESSAGES.chargedBack);
      await insertReview(trx, {
        id,
        listingId: listing.id,
        sellerId: listing.sellerId,
        buyerId: buyer.id,
        rating: input.rating,
        comment: input.comment,
        reply: null,
        repliedAt: null,
        createdAt: now,
        orderId,
      });
      const about = { ...input, sellerId: listing.sellerId, buyerName: buyer.displayName, title: listing.title };
      const url = deps.config.publicUrl;
      // The comment is the buyer's words: it stays public, but no mail carries it across a block (decision 053).
      const mail = (to: { email: string }) => newReviewMail(url, to.email, about);
      await queueMailToUser(trx, listing.sellerId, mail, now, { from: buyer.id });
      return (await findReview(trx, id))!;
    });
  } catch (err) {
    // Two submissions at once: the unique (listing, buyer) constraint keeps one.
    if (await findReviewByBuyer(deps.db.db, listing.id, buyer.id)) throw conflict(REVIEW_MESSAGES.already);
    throw err;
  }
}

/** The seller answers a review once. */
export async function replyToReview(deps: AppDeps, reviewId: string, user: AuthUser, reply: string): Promise<Review> {
  const review = await findReview(deps.db.db, reviewId);
  if (!review) throw notFound(REVIEW_MESSAGES.notFound);
  const blocker = replyBlocker(user.id, review);
  if (blocker === REVIEW_MESSAGES.replyNotYours) throw forbidden(blocker);
  if (blocker) throw conflict(blocker);
  const now = deps.clock.now();
  return deps.db.db.transaction().execute(async (trx) => {
    if (!(await setReplyOnce(trx, reviewId, reply, now))) throw conflict(REVIEW_MESSAGES.alreadyReplied);
    const about = { sellerId: review.sellerId, sellerName: user.displayName, title: review.listingTitle, reply };
    const url = deps.config.publicUrl;
    // The answer is the seller's words: public on the page, but mailed only where no block stands (decision 053).
    await queueMailToUser(trx, review.buyerId, (to) => reviewAnsweredMail(url, to.email, about), now, {
      activeOnly: true,
      from: user.id,
    });
    // Read back in the same transaction: a chargeback committed just after it withdraws the review.
    return (await findReview(trx, reviewId))!;
  });
}

/**
 * In the transaction of a chargeback the bank decided for the buyer: the deal is reversed, so the buyer's review of
 * it, if any, leaves the seller's profile and rating, and the buyer is mailed why (decisions 183, 195). Returns
 * whether there was one.
 */
export async function withdrawReviewOfOrder(
  trx: Database,
  publicUrl: string,
  orderId: string,
  now: number,
): Promise<boolean> {
  const review = await deleteReviewOfOrder(trx, orderId);
  if (!review) return false;
  const mail = (to: { email: string }) => reviewWithdrawnMail(publicUrl, to.email, { orderId, title: review.title });
  await queueMailToUser(trx, review.buyerId, mail, now, { activeOnly: true });
  return true;
}

export async function listSellerReviews(
  deps: AppDeps,
  sellerId: string,
  cursor: string | undefined,
): Promise<ReviewsPage> {
  const rows = await sellerReviews(deps.db.db, sellerId, decodeCursor(cursor), PAGE);
  // A listing the admins withdrew is only its seller's and admins' to see (decision 043): the list omits its title.
  const items: Review[] = rows
    .slice(0, PAGE)
    .map(({ listingStatus, ...r }) => ({ ...r, listingTitle: listingStatus === 'hidden' ? null : r.listingTitle }));
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > PAGE && last ? encodeCursor(last.createdAt, last.id) : null };
}
