import { LISTING_MESSAGES } from '@accountry/shared/listing-messages';
import { badRequest } from './app-error';

/** A keyset position: the sort value of the last row seen and its id (ties are broken by id). */
export type Keyset = [value: number, id: string];

export function encodeCursor(value: number, id: string): string {
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}

/** The position in an opaque cursor, or a 400 when it was tampered with. */
export function decodeCursor(cursor: string | undefined): Keyset | undefined {
  if (!cursor) return undefined;
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(v) && v.length === 2 && Number.isFinite(v[0]) && typeof v[1] === 'string' && v[1].length <= 64) return [v[0], v[1]];
  } catch {
    // fall through to the error below
  }
  throw badRequest(LISTING_MESSAGES.cursor, { cursor: LISTING_MESSAGES.cursor });
}
