import { ADMIN_ACTIONS } from '@accountry/shared/admin-audit';
import { ADMIN_MESSAGES } from '@accountry/shared/admin-messages';
import { CHANGED_MEANWHILE } from '@accountry/shared/api-error';
import { LISTING_REVIEW_MESSAGES, type DeclineListingReview } from '@accountry/shared/listing-review-requests';
import type { AppDeps } from '../../app';
import { adminTransaction } from '../../db/acting-admin';
import { assertNotParty } from '../../lib/admin-not-party';
import { conflict } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { AuthUser } from '../../plugins/auth';
import { liveListing, mailSeller, notifySeller, reload } from './admin-listings.service';
import * as repo from './admin-listings.repository';

/** The request for another look the listing waits with, on the content the moderator looked at, or 409. */
function waitingRequest(
  listing: { status: string; reviewRequestedAt?: number | null; contentVersion?: number | null },
  seenVersion: number,
) {
  if (listing.status !== 'hidden' || listing.reviewRequestedAt == null)
    throw conflict(LISTING_REVIEW_MESSAGES.noRequest);
  if ((listing.contentVersion ?? 0) !== seenVersion) throw conflict(LISTING_REVIEW_MESSAGES.changedSinceSeen);
  return listing.reviewRequestedAt;
}

/**
 * A moderator looked at a hidden listing again at its seller's request and keeps it hidden, with a new reason (decision
 * 259). Written on the request as read and on the content version the moderator's page showed, so a show or another
 * moderator's answer that came first is not overwritten, and a change the seller saved meanwhile is not taken as seen.
 */
export async function declineListingReview(
  deps: AppDeps,
  actor: AuthUser,
  id: string,
  { reason, contentVersion }: DeclineListingReview,
) {
  await adminTransaction(deps.db.db, actor.id, async (trx) => {
    const listing = await liveListing(trx, id);
    assertNotParty(actor.id, [listing.sellerId], ADMIN_MESSAGES.ownListing);
    const requestedAt = waitingRequest(listing, contentVersion);
    const now = deps.clock.now();
    const read = { id, reviewRequestedAt: requestedAt, contentVersion };
    if (!(await repo.declineReviewAsRead(trx, read, reason, now))) {
      // Say that the request is gone (answered, or the listing shown) or the content changed, or that something else did.
      waitingRequest(await liveListing(trx, id), contentVersion);
      throw conflict(CHANGED_MEANWHILE);
    }
    await mailSeller(deps, trx, listing, 'reviewKept', reason, now);
    const note = listing.reviewRequestNote ?? '';
    await recordAudit(
      trx,
      {
        actorId: actor.id,
        action: ADMIN_ACTIONS.listingReviewDecline,
        targetType: 'listing',
        targetId: id,
        details: { reason, previousReason: listing.hiddenReason, requestedAt, note },
      },
      now,
    );
  });
  const after = await reload(deps, id);
  notifySeller(deps, after, true);
  return after;
}
