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

/** Secrets (session tokens, reset links) come straight from the CSPRNG, never from a shared pool. */
export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
