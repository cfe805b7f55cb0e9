/** Auth pages never make sense as a place to return to. */
const AUTH_PAGES = new Set(['/signin', '/signup', '/reset-password', '/verification-sent']);

/**
 * Where to go after sign-in: the returnTo flag only when it is a path on this site, else the fallback.
 * Refuses absolute and protocol-relative URLs, backslashes (browsers read them as slashes) and control characters,
 * so a crafted link cannot send someone to another site after they sign in.
 */
export function safeReturnTo(value: string | null | undefined, fallback = '/'): string {
  if (!value || value.length > 2000) return fallback;
  if (!value.startsWith('/') || value.startsWith('//')) return fallback;
  if (value.includes('\\') || [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f))
    return fallback;
  const path = value.split(/[?#]/)[0];
  if (AUTH_PAGES.has(path)) return fallback;
  return value;
}

/** The sign-in page that returns to the given path (with its query) afterwards, as the route guard builds it. */
export function signInPathFor(pathWithQuery: string) {
  return `/signin?returnTo=${encodeURIComponent(pathWithQuery)}`;
}
