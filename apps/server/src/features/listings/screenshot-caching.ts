import type { S3ImageStore } from './s3-image-store';

/**
 * Keys are unique ids, so a stored file never changes: a browser keeps a public one for a year. A shared cache (a
 * proxy, a CDN) asks again after 5 minutes, so a listing hidden since stops being served from one by then
 * (decision 218).
 */
export const PUBLIC_SCREENSHOT = 'public, max-age=31536000, s-maxage=300, immutable';
/** Any other answer: the file to its seller, an admin or an order party, and every 404. */
export const PRIVATE_SCREENSHOT = 'private, no-store';

/*
 * A screenshot in S3 is answered with a redirect to a presigned URL (decision 220). The URL is signed for the start of
 * the current 5 minutes, so everyone sent there within them gets the same URL, and browsers and caches in front of the
 * bucket reuse the bytes; it lives 15 minutes from then. A public redirect may be kept 5 minutes, by browsers and
 * shared caches alike, so whoever follows a kept one reaches a URL with at least 5 minutes left; and a listing hidden
 * since is reached through a kept redirect for 5 minutes at most, as through a cached file (decision 218).
 */
const SIGNING_STEP_MS = 5 * 60_000;
const SIGNED_FOR_SECONDS = 15 * 60;
export const PUBLIC_REDIRECT = 'public, max-age=300, s-maxage=300';

/** Where to send the asker for a stored key, and how long the redirect may be kept, by who may see it. */
export function screenshotRedirect(store: S3ImageStore, key: string, access: 'public' | 'private', now: number) {
  const signedAt = new Date(Math.floor(now / SIGNING_STEP_MS) * SIGNING_STEP_MS);
  const objectCaching = access === 'public' ? PUBLIC_SCREENSHOT : PRIVATE_SCREENSHOT;
  return {
    location: store.presignedGet(key, signedAt, SIGNED_FOR_SECONDS, objectCaching),
    cacheControl: access === 'public' ? PUBLIC_REDIRECT : PRIVATE_SCREENSHOT,
  };
}
