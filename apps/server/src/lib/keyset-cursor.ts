import { sql, type Expression, type SqlBool } from 'kysely';
import { LISTING_MESSAGES } from '@accountry/shared/listing-messages';
import { badRequest } from './app-error';

/** A keyset position: the sort value of the last row seen and its id (ties are broken by id). */
export type Keyset<V extends number | string = number> = [value: V, id: string];

/** An opaque cursor for a keyset position. */
export function encodeCursor(value: number | string, id: string): string {
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}

/** The position in a cursor whose sort value has the expected type, or null when it was tampered with. */
export function parseCursor(cursor: string, valueType: 'number'): Keyset<number> | null;
export function parseCursor(cursor: string, valueType: 'string'): Keyset<string> | null;
export function parseCursor(cursor: string, valueType: 'number' | 'string'): Keyset<number | string> | null {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    // Sort values are integer columns: anything else (1.5, 1e20, ±1e308) was not made by encodeCursor.
    // Ids and text sort values are printable: a control character (PostgreSQL refuses NUL in text) was not made by
    // encodeCursor either.
    const printable = (x: unknown, max: number): x is string =>
      typeof x === 'string' && x.length <= max && !/\p{Cc}/u.test(x);
    const valueOk = valueType === 'number' ? Number.isSafeInteger(v?.[0]) : printable(v?.[0], 1000);
    const idOk = printable(v?.[1], 64);
    if (Array.isArray(v) && v.length === 2 && valueOk && idOk) return [v[0], v[1]];
  } catch {
    // Not base64url JSON: tampered with.
  }
  return null;
}

/** The largest value a 32-bit integer column (prices, counts) holds. */
export const INT32_MAX = 2_147_483_647;

/**
 * The position in a numeric-sorted cursor (listings, favorites, reviews, admin lists), or a 400 (with the caller's
 * message) when it was tampered with. `max` bounds the value to what the sorted column holds.
 */
export function decodeCursor(
  cursor: string | undefined,
  max = Number.MAX_SAFE_INTEGER,
  message: string = LISTING_MESSAGES.cursor,
): Keyset | undefined {
  if (!cursor) return undefined;
  const keyset = parseCursor(cursor, 'number');
  if (keyset && Math.abs(keyset[0]) <= max) return keyset;
  throw badRequest(message, { cursor: message });
}

/**
 * Rows after the cursor in (createdAt desc, id desc) order, as a row-value comparison: both engines seek the
 * (created_at, id) index to the cursor, where the same condition spelt with OR made SQLite walk the rows before it.
 */
export function afterCursor(createdAtColumn: string, idColumn: string, [createdAt, id]: Keyset): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.ref(createdAtColumn)}, ${sql.ref(idColumn)}) < (${createdAt}, ${id})`;
}
