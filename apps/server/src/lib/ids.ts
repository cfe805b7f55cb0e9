import { randomBytes } from 'node:crypto';

/** URL-safe random id (~128 bits), sortable enough for display but never relied on for order. */
export function newId(): string {
  return randomBytes(16).toString('base64url');
}

export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
