import { cutToFit } from '@accountry/shared/cut-text';
import { mailLinks } from '../../email/unsubscribe-links';
import { LISTING_MESSAGES as M } from '@accountry/shared/listing-messages';
import {
  deleteBlocker,
  duplicateBlocker,
  editBlocker,
  isPublicListing,
  statusChangeBlocker,
} from '@accountry/shared/listing-rules';
import { TITLE_MAX, type ListingStatus, type SellerStatus } from '@accountry/shared/listings';
import {
  STATUS_FILTERS,
  type ListingCreate,
  type ListingUpdate,
  type MyListingsResponse,
  type OwnListing,
  type StatusFilter,
} from '@accountry/shared/listing-schemas';
import type { AppDeps } from '../../app';
import type { Database } from '../../db/database';
import type { AuthUser } from '../../plugins/auth';
import { listingsWithOrderInProgress } from '../../db/order-facts';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { CHANGED_MEANWHILE, ERROR_CODES } from '@accountry/shared/api-error';
import { assertStateUnchanged } from '../../lib/state-change';
import { canManageListing } from './listing-permissions';
import { listingRowsByIds } from './listing-search.repository';
import {
  copyImages,
  findListing,
  holdListingToCopy,
  insertListing,
  listingCreatedFor,
  listImages,
  statusCounts,
  updateListing,
  writeListingWithImages,
  type ListingRecord,
} from './listings.repository';
import { toOwnRow } from './listing-mappers';
import { fieldsOf, freshDraft } from './listing-fields';
import { claimListingCreation, withListingRoom } from './seller-quotas';
import { assertStillSelling } from './seller-standing.service';
import { cardPage } from './listings.service';
import { queuePriceDropMails } from './price-drop-mails';
import { endListingClosingOffers } from '../orders/offer-purchase.service';

const PAGE = 25;
const conflictWith = (message: string) => new AppError(409, ERROR_CODES.conflict, message);

export type ManagedListing = ListingRecord & { orderInProgress: boolean; openOrderId: string | null };

/**
 * The listing if the user manages it, and whether an order holds it: 404 when it does not exist (or was deleted) and
 * when it is someone else's draft or hidden listing (its id must not tell that it exists), 403 when it is someone
 * else's published one.
 */
export async function managedListing(deps: AppDeps, user: AuthUser, id: string): Promise<ManagedListing> {
  const [listing, held] = await Promise.all([
    findListing(deps.db.db, id),
    listingsWithOrderInProgress(deps.db.db, [id]),
  ]);
  if (!listing || listing.deletedAt != null) throw notFound(M.notFound);
  if (!canManageListing(user, listing)) throw isPublicListing(listing) ? forbidden(M.notYours) : notFound(M.notFound);
  const openOrderId = held.get(id) ?? null;
  return { ...listing, orderInProgress: openOrderId !== null, openOrderId };
}

export async function myListings(
  deps: AppDeps,
  user: AuthUser,
  q: { status: StatusFilter; q?: string; cursor?: string },
): Promise<MyListingsResponse> {
  const status = q.status === 'all' ? undefined : q.status;
  const [page, counts] = await Promise.all([
    cardPage(deps, { scope: 'own', sellerId: user.id, status, q: q.q }, 'created', q.cursor, PAGE),
    statusCounts(deps.db.db, user.id),
  ]);
  const held = await listingsWithOrderInProgress(
    deps.db.db,
    page.rows.map((r) => r.id),
  );
  const byStatus = Object.fromEntries(STATUS_FILTERS.map((s) => [s, 0])) as Record<StatusFilter, number>;
  for (const c of counts) {
    byStatus[c.status as StatusFilter] = Number(c.n);
    byStatus.all += Number(c.n);
  }
  return {
    items: page.rows.map((r) => toOwnRow(r, held.get(r.id) ?? null)),
    nextCursor: page.nextCursor,
    counts: byStatus,
    listingLimit: deps.config.quotas.listingsPerSeller,
  };
}

export async function ownListing(deps: AppDeps, user: AuthUser, id: string): Promise<OwnListing> {
  const listing = await managedListing(deps, user, id);
  const [[row], images] = await Promise.all([listingRowsByIds(deps.db, [id]), listImages(deps.db.db, id)]);
  const contentVersion = listing.contentVersion ?? 0;
  return { ...toOwnRow(row, listing.openOrderId), description: listing.description, images, contentVersion };
}

/**
 * A new listing starts as a draft; screenshots are added next, then the seller publishes. A create sent again with its
 * request id (its reply was lost) answers the listing the first one made, and counts against no allowance again.
 */
export async function createListing(deps: AppDeps, user: AuthUser, input: ListingCreate): Promise<OwnListing> {
  const requestId = input.requestId ?? null;
  const made = requestId && (await listingCreatedFor(deps.db.db, user.id, requestId));
  if (made) return ownListing(deps, user, made);
  await claimListingCreation(deps, user.id);
  const now = deps.clock.now();
  const id = newId();
  // Under the seller's lock: a twin sent at the same moment finds this one's row once it commits.
  const createdId = await withListingRoom(deps, user.id, async (trx) => {
    const twin = requestId && (await listingCreatedFor(trx, user.id, requestId));
    if (twin) return twin;
    await insertListing(trx, {
      id,
      sellerId: user.id,
      ...fieldsOf(input),
      ...freshDraft(now),
      createRequestId: requestId,
    });
    return id;
  });
  return ownListing(deps, user, createdId);
}

/**
 * A content edit, written only if the listing is still at the content version the seller's form was loaded with
 * (when sent), and in any case at the one read here: a save from a stale tab, or the loser of two racing saves, is
 * refused with 409 instead of overwriting the newer content (or mailing a price drop twice).
 */
export async function editListing(
  deps: AppDeps,
  user: AuthUser,
  id: string,
  input: ListingUpdate,
): Promise<OwnListing> {
  const listing = await managedListing(deps, user, id);
  const version = listing.contentVersion ?? 0;
  const blocker = editBlocker(listing.status, listing.orderInProgress);
  if (blocker) throw conflictWith(blocker);
  assertSeen(version, input.contentVersion);
  const now = deps.clock.now();
  const fields = fieldsOf(input);
  const patch = { ...fields, updatedAt: now, contentVersion: version + 1 };
  await deps.db.db.transaction().execute(async (trx) => {
    assertStateUnchanged(await updateListing(trx, id, patch, listing.status, version));
    // Only a listing for sale can be bought at its new price; a price in another currency is no drop.
    if (listing.status !== 'active' || fields.currency !== listing.currency) return;
    // Named as the listing now shows it: the same edit may have retitled it.
    const dropped = { ...listing, title: fields.title, oldCents: listing.priceCents, newCents: fields.priceCents };
    await queuePriceDropMails(trx, mailLinks(deps), dropped, user.id, now);
  });
  return ownListing(deps, user, id);
}

/** Publish, unpublish, reserve or mark sold, by the rules in listing-rules (hidden listings stay with the admins). */
export async function changeStatus(
  deps: AppDeps,
  user: AuthUser,
  id: string,
  to: SellerStatus,
  from?: ListingStatus,
): Promise<OwnListing> {
  const listing = await managedListing(deps, user, id);
  const images = await listImages(deps.db.db, id);
  const blocker = statusChangeBlocker(listing.status, to, images.length, listing.orderInProgress);
  if (blocker) throw conflictWith(blocker);
  // Chosen from a screen that showed another status: the seller decides again on the one there is now (a refusal
  // that says why, above, tells more than that it changed).
  assertSeen(listing.status, from);
  const now = deps.clock.now();
  const patch: Partial<ListingRecord> = { status: to, updatedAt: now };
  // Publishing from a draft puts the listing at the top of "newest"; back from reserved it keeps its place.
  if (to === 'active' && listing.status === 'draft') patch.publishedAt = now;
  if (to === 'sold') patch.soldAt = now;
  const write = async (trx: Database) => {
    // On sale only while the seller still sells: a switch to buying only waits for this or refuses after it.
    if (to === 'active' || to === 'reserved') await assertStillSelling(trx, user.id);
    // Written only if the status is still the one checked above (an admin may have hidden it, an order taken it),
    // and decided again on the screenshots there are now (one removed meanwhile must not leave a published listing
    // without any).
    const images = await writeListingWithImages(trx, id, patch, listing.status);
    const refusal = statusChangeBlocker(listing.status, to, images.length, false);
    if (refusal) throw conflictWith(refusal);
  };
  // Sold elsewhere ends its open offers in the same transaction, as a sale through an order does (decision 180).
  if (to === 'sold') await endListingClosingOffers(deps, listing, 'sold', write);
  else await deps.db.db.transaction().execute(write);
  return ownListing(deps, user, id);
}

/** 409 when the client names the state it decided on and the listing is no longer in it. */
function assertSeen<T>(now: T, seen: T | undefined) {
  if (seen !== undefined && seen !== now) throw conflictWith(CHANGED_MEANWHILE);
}

const COPY_SUFFIX = ' (copy)';
/** The copy's title: the original's, marked, cut to fit the longest title allowed. */
const copyTitle = (title: string) => `${cutToFit(title, TITLE_MAX - COPY_SUFFIX.length).trimEnd()}${COPY_SUFFIX}`;

/** A new draft with the same details and screenshots, to sell a similar account quickly. */
export async function duplicateListing(deps: AppDeps, user: AuthUser, id: string): Promise<OwnListing> {
  const listing = await managedListing(deps, user, id);
  const blocker = duplicateBlocker(listing.status);
  if (blocker) throw conflictWith(blocker);
  await claimListingCreation(deps, user.id);
  const now = deps.clock.now();
  const copyId = newId();
  await withListingRoom(deps, user.id, async (trx) => {
    // Copied from the listing as held now, not as read above: an admin may have hidden it meanwhile (decision 043).
    const source = await sourceToCopy(trx, id);
    await insertListing(trx, {
      ...source,
      // Two rows of the same title in My listings would not say which is the copy.
      title: copyTitle(source.title),
      id: copyId,
      ...freshDraft(now),
    });
    await copyImages(trx, id, copyId, now, newId);
  });
  return ownListing(deps, user, copyId);
}

/** The listing to copy, held until the copy commits, refused as it would be if the duplicate were asked now. */
async function sourceToCopy(trx: Database, id: string) {
  const source = await holdListingToCopy(trx, id);
  if (!source) throw notFound(M.notFound);
  const blocker = duplicateBlocker(source.status);
  if (blocker) throw conflictWith(blocker);
  return source;
}

/**
 * Deleting removes the listing from everywhere the seller and buyers look, but keeps the row so favorites show it as
 * removed and chats and reviews about it still make sense (decision 043).
 */
export async function deleteListing(deps: AppDeps, user: AuthUser, id: string) {
  const listing = await managedListing(deps, user, id);
  const blocker = deleteBlocker(listing.orderInProgress);
  if (blocker) throw conflictWith(blocker);
  const now = deps.clock.now();
  // Its open offers end with it, as a sale ends them (decision 180).
  await endListingClosingOffers(deps, listing, 'removed', async (trx) =>
    assertStateUnchanged(await updateListing(trx, id, { deletedAt: now, updatedAt: now }, listing.status)),
  );
}
