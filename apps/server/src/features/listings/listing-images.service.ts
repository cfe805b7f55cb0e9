import { LISTING_MESSAGES as M } from '@accountry/shared/listing-messages';
import { MAX_LISTING_IMAGES } from '@accountry/shared/listings';
import { editBlocker } from '@accountry/shared/listing-rules';
import { statusAfterUnhide } from '@accountry/shared/admin-listings';
import type { ListingImage } from '@accountry/shared/listing-schemas';
import type { AppDeps } from '../../app';
import type { AuthUser } from '../../plugins/auth';
import { AppError, badRequest } from '../../lib/app-error';
import { ERROR_CODES } from '@accountry/shared/api-error';
import { newId } from '../../lib/ids';
import type { ImageStore } from './image-store';
import { processScreenshot } from './image-processing';
import {
  deleteImageRow,
  imageUrlInUse,
  insertImage,
  listImages,
  setImagePositions,
  writeListingWithImages,
} from './listings.repository';
import { managedListing } from './listing-management.service';
import { assertImageRoom, withImageRoom } from './seller-quotas';

const conflictWith = (message: string) => new AppError(409, ERROR_CODES.conflict, message);

async function editableListing(deps: AppDeps, user: AuthUser, listingId: string) {
  const listing = await managedListing(deps, user, listingId);
  const blocker = editBlocker(listing.status, listing.orderInProgress);
  if (blocker) throw conflictWith(blocker);
  return listing;
}

/** Check the listing can take another screenshot, and the seller has storage left, before the upload is read. */
export async function assertCanAddImage(deps: AppDeps, user: AuthUser, listingId: string) {
  const listing = await editableListing(deps, user, listingId);
  if ((await listImages(deps.db.db, listingId)).length >= MAX_LISTING_IMAGES) throw conflictWith(M.tooManyImages);
  await assertImageRoom(deps, deps.db.db, listing.sellerId, 0);
  return listing;
}

/** Verify, resize and store a screenshot, appended after the listing's others. */
export async function addImage(
  deps: AppDeps,
  store: ImageStore,
  user: AuthUser,
  listingId: string,
  upload: Buffer,
): Promise<ListingImage> {
  const listing = await assertCanAddImage(deps, user, listingId);
  const processed = await processScreenshot(upload, user.id);
  const id = newId();
  const url = await store.put(`listings/${listingId}/${id}.webp`, processed.full, 'image/webp');
  const thumbUrl = await store.put(`listings/${listingId}/${id}-thumb.webp`, processed.thumb, 'image/webp');
  const bytes = processed.full.length + processed.thumb.length;
  const image = { id, listingId, url, thumbUrl, width: processed.width, height: processed.height, bytes };
  let position: number;
  try {
    // Counted and inserted under the seller's lock: parallel uploads pass neither the count nor the storage quota.
    position = await withImageRoom(deps, listing.sellerId, async (trx) => {
      const existing = await writeListingWithImages(trx, listingId, { updatedAt: deps.clock.now() }, listing.status);
      if (existing.length >= MAX_LISTING_IMAGES) throw conflictWith(M.tooManyImages);
      await assertImageRoom(deps, trx, listing.sellerId, bytes);
      const next = existing.reduce((max, i) => Math.max(max, i.position + 1), 0);
      await insertImage(trx, { ...image, position: next, createdAt: deps.clock.now() });
      return next;
    });
  } catch (err) {
    await Promise.all([store.deleteUrl(url), store.deleteUrl(thumbUrl)]).catch(() => undefined);
    throw err;
  }
  return { id, url, thumbUrl, width: image.width, height: image.height, position };
}

/** Remove a screenshot; a published listing keeps at least one. Files go once no duplicate listing uses them. */
export async function removeImage(
  deps: AppDeps,
  store: ImageStore,
  user: AuthUser,
  listingId: string,
  imageId: string,
) {
  const listing = await editableListing(deps, user, listingId);
  // A hidden listing keeps the rule of the status an admin's unhide returns it to (it cannot be unpublished now).
  const hidden = listing.status === 'hidden';
  const keepsOne = (hidden ? statusAfterUnhide(listing.statusBeforeHidden) : listing.status) !== 'draft';
  const refuse = (images: Array<{ id: string }>) => {
    if (!images.some((i) => i.id === imageId)) throw conflictWith(M.imagesChanged);
    if (images.length === 1 && keepsOne) throw conflictWith(hidden ? M.lastImageHidden : M.lastImage);
  };
  refuse(await listImages(deps.db.db, listingId));
  const removed = await deps.db.db.transaction().execute(async (trx) => {
    // Decided again on the screenshots as they are now: two removals at once must not take a published one's last.
    refuse(await writeListingWithImages(trx, listingId, { updatedAt: deps.clock.now() }, listing.status));
    return deleteImageRow(trx, listingId, imageId);
  });
  if (!removed) return;
  for (const url of [removed.url, removed.thumbUrl]) {
    if (!(await imageUrlInUse(deps.db.db, url))) await store.deleteUrl(url).catch(() => undefined);
  }
}

/** Put the screenshots in the given order; the first is the cover. */
export async function reorderImages(
  deps: AppDeps,
  user: AuthUser,
  listingId: string,
  ids: string[],
): Promise<ListingImage[]> {
  const listing = await editableListing(deps, user, listingId);
  // Naming one twice is bad input; naming another set than there is now is an order made on a list that moved on.
  if (new Set(ids).size !== ids.length) throw badRequest(M.imageOrder, { ids: M.imageOrder });
  const refuse = (images: Array<{ id: string }>) => {
    const known = new Set(images.map((i) => i.id));
    if (ids.length !== images.length || !ids.every((id) => known.has(id))) throw conflictWith(M.imagesChanged);
  };
  refuse(await listImages(deps.db.db, listingId));
  await deps.db.db.transaction().execute(async (trx) => {
    // The order names every screenshot there is now, not only those read before an upload or removal landed.
    refuse(await writeListingWithImages(trx, listingId, { updatedAt: deps.clock.now() }, listing.status));
    await setImagePositions(trx, listingId, ids);
  });
  return listImages(deps.db.db, listingId);
}
