import type { FastifyRequest } from 'fastify';
import { isPublicListing } from '@accountry/shared/listing-rules';
import type { AppDeps } from '../../app';
import { buyersShownPicture, soldInAnOrder } from '../../db/order-facts';
import { sessionUserOf } from '../../plugins/auth';
import { listingsShowingImage } from './listings.repository';
import { canViewListing } from './listing-permissions';

/** How a stored screenshot is served: to everyone, only to this asker, or not at all (404). */
export type ScreenshotAccess = 'public' | 'private' | null;

/**
 * A screenshot is served as the listings that show it are (decision 218): to everyone while one of them is public;
 * otherwise only to those who may see one of them (its seller, admins) or who sold one of them, whose order pages show
 * it, and to the buyers of orders that kept it as their listing's picture. Read from the database on every
 * request, so a listing hidden a moment ago is no longer served.
 */
export async function screenshotAccess(deps: AppDeps, request: FastifyRequest, url: string): Promise<ScreenshotAccess> {
  const db = deps.db.db;
  const listings = await listingsShowingImage(db, url);
  if (listings.some((l) => isPublicListing(l))) return 'public';
  // Only now the session: the public case, nearly every request, reads one statement.
  const user = await sessionUserOf(deps, request);
  if (!user) return null;
  if (listings.some((l) => canViewListing(user, l))) return 'private';
  const ids = listings.map((l) => l.id);
  if (await soldInAnOrder(db, ids, user.id)) return 'private';
  return (await buyersShownPicture(db, url)).includes(user.id) ? 'private' : null;
}
