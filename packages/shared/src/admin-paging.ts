import { z } from 'zod';
import { ADMIN_MESSAGES } from './admin-messages';

/**
 * Keyset cursor for admin lists ordered by (createdAt desc, id desc): "<createdAt>.<id>".
 * Ids are base64url, which never contains a dot.
 */
export const CURSOR_PATTERN = /^(\d{1,15})\.([A-Za-z0-9_-]{1,64})$/;

export const cursorSchema = z.string().regex(CURSOR_PATTERN, ADMIN_MESSAGES.invalidCursor);

export interface Cursor {
  createdAt: number;
  id: string;
}

export function encodeCursor(c: Cursor): string {
  return `${c.createdAt}.${c.id}`;
}

export function decodeCursor(raw: string | undefined | null): Cursor | null {
  if (!raw) return null;
  const m = CURSOR_PATTERN.exec(raw);
  return m ? { createdAt: Number(m[1]), id: m[2] } : null;
}

export const ADMIN_PAGE_SIZE = 25;
export const pageLimitSchema = z.coerce
  .number({ error: 'Limit must be a number from 1 to 100' })
  .int('Limit must be a number from 1 to 100')
  .min(1, 'Limit must be a number from 1 to 100')
  .max(100, 'Limit must be a number from 1 to 100')
  .default(ADMIN_PAGE_SIZE);

/** A page of a keyset-paged list. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });

/** A free-text search box: trimmed, empty means no filter. */
export const searchSchema = z.string().trim().max(200, 'Keep the search under 200 characters').optional();

/** Route parameter id: the same alphabet as newId(). */
export const idParam = (name: string) => z.object({ [name]: z.string().min(1).max(64) });
