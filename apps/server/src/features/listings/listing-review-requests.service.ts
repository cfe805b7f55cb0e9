import { ADMIN_WAITING_LINKS } from '@accountry/shared/admin-waiting';
import { CHANGED_MEANWHILE } from '@accountry/shared/api-error';
import { LISTING_MESSAGES as M } from '@accountry/shared/listing-messages';
import type { OwnListing } from '@accountry/shared/listing-schemas';
import {
  LISTING_REVIEW_ADMIN_MAIL as MAIL,
  LISTING_REVIEW_MESSAGES as R,
  type ListingReviewRequest,
} from '@accountry/shared/listing-review-requests';
import type { AppDeps } from '../../app';
import type { Database } from '../../db/database';
import { queueAdminTaskMail } from '../../email/admin-task-mail';
import { mailLinks, type MailLinks } from '../../email/unsubscribe-links';
import { conflict, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import { managedListing, ownListing } from './listing-management.service';
import { requestReviewAsSeen, reviewStateOf } from './listing-review-requests.repository';

type ReviewState = Awaited<ReturnType<typeof reviewStateOf>>;

/** Why a request matched nothing, from the listing as it is now: the first condition it fails. */
function refusal(row: ReviewState, sellerId: string, seenVersion: number) {
  if (!row || row.deletedAt != null || row.sellerId !== sellerId) return notFound(M.notFound);
  if (row.status !== 'hidden') return conflict(R.notHidden);
  if (row.reviewRequestedAt != null) return conflict(R.alreadyRequested);
  const version = row.contentVersion ?? 0;
  if (version !== seenVersion) return conflict(CHANGED_MEANWHILE);
  if (row.reviewedVersion === version) return conflict(R.unchangedSinceReview);
  return conflict(CHANGED_MEANWHILE);
}

/**
 * Every admin who may act hears of the request as of the other tasks; the seller, were they an admin, does not. The
 * title is the one the seller's page showed: the request is written only at that content version.
 */
async function queueAdminMail(
  trx: Database,
  links: MailLinks,
  ask: { sellerId: string; sellerName: string; title: string; note: string },
  now: number,
) {
  const mail = {
    heading: MAIL.heading,
    label: MAIL.label,
    subject: MAIL.subject(ask.title),
    line: MAIL.line(ask.sellerName, ask.title, ask.note),
    url: `${links.publicUrl}${ADMIN_WAITING_LINKS.listingReviews}`,
  };
  await queueAdminTaskMail(trx, links, mail, [ask.sellerId], now);
}

/**
 * The seller of a hidden listing asks a moderator for another look (decision 259): one request waits at a time, on
 * the content their page showed. Every admin who may act hears of it by mail, in the same transaction.
 */
export async function requestListingReview(
  deps: AppDeps,
  user: AuthUser,
  id: string,
  input: ListingReviewRequest,
): Promise<OwnListing> {
  // Someone else's listing is 404 (403 for a published one) before anything about its state is told.
  const { title } = await managedListing(deps, user, id);
  const ask = { id, sellerId: user.id, contentVersion: input.contentVersion, note: input.note ?? '' };
  await deps.db.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    if (!(await requestReviewAsSeen(trx, ask, now)))
      throw refusal(await reviewStateOf(trx, id), user.id, ask.contentVersion);
    await queueAdminMail(trx, mailLinks(deps), { ...ask, sellerName: user.displayName, title }, now);
  });
  return ownListing(deps, user, id);
}
