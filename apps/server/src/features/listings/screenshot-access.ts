import type { FastifyRequest } from 'fastify';
import { isPublicListing } from '@accountry/shared/listing-rules';
import type { AppDeps } from '../../app';
import { isOrderPartyOf } from '../../db/order-facts';
import { sessionUserOf } from '../../plugins/auth';
import { listingsShowingImage } from './listings.repository';
import { canViewListing } from './listing-permissions';

/** How a stored screenshot is served: to everyone, only to this asker, or not at all (404). */
export type ScreenshotAccess = 'public' | 'private' | null;

/**
 * A screenshot is served as the listings that show it are (decision 218): to everyone while one of them is public;
 * otherwise only to those who may see one of them (its seller, admins) or who bought or sold one of them, whose order
 * pages show it. Read from the database on every request, so a listing hidden a moment ago is no longer served.
 */
export async function screenshotAccess(deps: AppDeps, request: FastifyRequest, url: string): Promise<ScreenshotAccess> {
  const listings = await listingsShowingImage(deps.db.db, url);
  if (listings.length === 0) return null;
  if (listings.some((l) => isPublicListing(l))) return 'public';
  // Only now the session: the public case, nearly every request, reads one statement.
  const user = await sessionUserOf(deps, request);
  if (!user) return null;
  if (listings.some((l) => canViewListing(user, l))) return 'private';
  const party = await isOrderPartyOf(
    deps.db.db,
    listings.map((l) => l.id),
    user.id,
  );
  return party ? 'private' : null;
}
