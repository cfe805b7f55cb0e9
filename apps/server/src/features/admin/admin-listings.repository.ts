import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { statusAfterUnhide } from '@accountry/shared/admin-listings';
import { ACCOUNT_DELETED_HIDDEN_REASON, ACCOUNT_DISABLED_HIDDEN_REASON } from '@accountry/shared/admin-messages';
import { LISTING_STATUSES } from '@accountry/shared/listings';
import { ROLES, canSell } from '@accountry/shared/roles';
import { publicTitleWhen, publicTitleWhenStatus } from '../../db/listing-titles';
import type { ListingsTable } from '../../db/schema';
import { adminListingQuery } from './admin-listings-list.repository';

/** A hide starts, and a show ends, without a request for another look nor a moderator's look at it (decision 259). */
const NO_REVIEW = { reviewRequestedAt: null, reviewRequestNote: null, reviewedVersion: null } as const;

export async function findListing(db: Database, id: string) {
  return adminListingQuery(db).where('listings.id', '=', id).executeTakeFirst();
}

/**
 * Hide a live listing as an admin's request read it: not hidden, and unchanged since (status and `updatedAt`), so the
 * audit's `from` and the seller's mail describe the row written. Says whether it matched.
 */
export async function hideListingAsRead(
  db: Database,
  read: { id: string; status: ListingsTable['status']; updatedAt: number },
  reason: string,
  now: number,
) {
  const res = await db
    .updateTable('listings')
    .set({
      statusBeforeHidden: sql`status`,
      status: 'hidden',
      hiddenReason: reason,
      hiddenByClosing: null,
      ...NO_REVIEW,
      updatedAt: now,
    })
    .where('id', '=', read.id)
    .where('status', '!=', 'hidden')
    .where('status', '=', read.status)
    .where('updatedAt', '=', read.updatedAt)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Unhide one listing as an admin read it: still the hide it read (status to go back to, reason, `updatedAt`), so a
 * newer hide by another admin is never undone unseen, and its seller neither disabled nor deleted (nobody could buy
 * from them, and enabling or restoring brings back only its own hiding).
 */
export async function unhideListingAsRead(
  db: Database,
  read: {
    id: string;
    sellerId: string;
    statusBeforeHidden: string | null;
    hiddenReason: string | null;
    updatedAt: number;
  },
  now: number,
) {
  const status = statusAfterUnhide(read.statusBeforeHidden);
  const res = await db
    .updateTable('listings')
    .set({
      status,
      // Back on the site with what its seller wrote while it was hidden (decision 043).
      ...publicTitleWhen({ status }),
      statusBeforeHidden: null,
      hiddenReason: null,
      hiddenByClosing: null,
      ...NO_REVIEW,
      updatedAt: now,
    })
    .where('id', '=', read.id)
    .where('status', '=', 'hidden')
    .where('statusBeforeHidden', read.statusBeforeHidden === null ? 'is' : '=', read.statusBeforeHidden)
    .where('hiddenReason', read.hiddenReason === null ? 'is' : '=', read.hiddenReason)
    .where('updatedAt', '=', read.updatedAt)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('users as u')
            .leftJoin('deletedUsers as d', 'd.uid', 'u.id')
            .select('u.id')
            .where('u.id', '=', read.sellerId)
            .where((w) =>
              w.or([
                w('u.disabled', '=', true),
                w('d.status', '=', 'unresolved'),
                w('u.role', 'not in', SELLING_ROLES),
              ]),
            ),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Keep a hidden listing hidden at its seller's request for another look, as the admin read it: still hidden with that
 * request waiting. The request ends, the new reason replaces the old, and the content version is the one a moderator
 * looked at, so the seller changes the listing before asking again (decision 259). Says whether it matched.
 */
export async function declineReviewAsRead(
  db: Database,
  read: { id: string; reviewRequestedAt: number; contentVersion: number },
  reason: string,
  now: number,
) {
  const res = await db
    .updateTable('listings')
    .set({
      reviewRequestedAt: null,
      reviewRequestNote: null,
      reviewedVersion: read.contentVersion,
      hiddenReason: reason,
      updatedAt: now,
    })
    .where('id', '=', read.id)
    .where('status', '=', 'hidden')
    .where('reviewRequestedAt', '=', read.reviewRequestedAt)
    .where('contentVersion', '=', read.contentVersion)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** How an account was closed, and what its hidden listings tell their seller. */
export type AccountClosing = 'disabled' | 'deleted';
const CLOSING_REASONS: Record<AccountClosing, string> = {
  disabled: ACCOUNT_DISABLED_HIDDEN_REASON,
  deleted: ACCOUNT_DELETED_HIDDEN_REASON,
};

/**
 * Hide every listing of a seller that is neither hidden nor deleted, remembering each one's status and that the
 * closing hid it; returns their ids.
 */
export async function hideSellerListings(db: Database, sellerId: string, closing: AccountClosing, now: number) {
  const rows = await db
    .selectFrom('listings')
    .select('id')
    .where('sellerId', '=', sellerId)
    .where('status', '!=', 'hidden')
    .where('deletedAt', 'is', null)
    .execute();
  if (rows.length) {
    await db
      .updateTable('listings')
      .set({
        statusBeforeHidden: sql`status`,
        status: 'hidden',
        hiddenReason: CLOSING_REASONS[closing],
        hiddenByClosing: closing,
        updatedAt: now,
      })
      .where('sellerId', '=', sellerId)
      .where('status', '!=', 'hidden')
      .where('deletedAt', 'is', null)
      .execute();
  }
  return rows.map((r) => r.id);
}

/** Roles that may have a listing for sale (`canSell`). */
const SELLING_ROLES = ROLES.filter(canSell);

/**
 * The status a hidden row goes back to, read from the row as written (what `statusAfterUnhide` says, in SQL), but a
 * draft rather than for sale when its seller buys only now: they could neither edit nor unpublish it (decision 237).
 */
const statusAfterUnhideSql = sql<ListingsTable['status']>`case
  when status_before_hidden = 'active' and not exists (select 1 from users where users.id = listings.seller_id
    and users.role in (${sql.join(SELLING_ROLES.map((r) => sql.lit(r)))})) then 'draft'
  when status_before_hidden in (${sql.join(LISTING_STATUSES.filter((s) => s !== 'hidden').map((s) => sql.lit(s)))})
    then status_before_hidden
  else 'draft' end`;

/**
 * Unhide every listing of a seller that the account's `closing` hid (`hideSellerListings`), each back to the status it
 * had; listings an admin hid stay hidden, whatever their reason says. Returns how many came back. One statement that
 * reads the status to return to from the row it writes: an order that ended meanwhile moved that status (decision
 * 161), and PostgreSQL re-reads a row a concurrent transaction changed before writing it, so the order's move holds.
 */
export async function unhideSellerListings(db: Database, sellerId: string, closing: AccountClosing, now: number) {
  const res = await db
    .updateTable('listings')
    .set({
      status: statusAfterUnhideSql,
      ...publicTitleWhenStatus(statusAfterUnhideSql),
      statusBeforeHidden: null,
      hiddenReason: null,
      hiddenByClosing: null,
      ...NO_REVIEW,
      updatedAt: now,
    })
    .where('sellerId', '=', sellerId)
    .where('status', '=', 'hidden')
    .where('hiddenByClosing', '=', closing)
    // One deleted meanwhile stays as it was: it is not shown again, and not counted as restored.
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Soft delete, as a seller's own delete does: the row stays for the conversations, favorites and reviews about it. */
export async function markListingDeleted(db: Database, id: string, now: number) {
  return db
    .updateTable('listings')
    .set({ deletedAt: now, updatedAt: now })
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
}
