/**
 * The most bytes one character of a JSON string can take: a `\uXXXX` escape for each UTF-16 unit (an emoji is two).
 * Browsers write non-ASCII as UTF-8 (at most 3 bytes a unit), but other clients may escape everything.
 */
export const JSON_BYTES_PER_CHAR = 6;

/** The bytes `chars` characters of JSON strings can take at most. */
export const escapedJsonBytes = (chars: number) => chars * JSON_BYTES_PER_CHAR;

/**
 * The JSON body limit of a route that sets none. The largest body such a route takes is a passkey's registration
 * (~40 KB of base64url at most) or a listing (a 5,000-character description is 30,000 bytes escaped, ~32 KB in all).
 * Anything larger only costs parsing and validation: 1 MB let one request of 60,000 unknown fields hold the event
 * loop for most of a second. Routes that need more say so (credentials, announcements, uploads, webhooks).
 */
export const JSON_BODY_LIMIT = 64 * 1024;
