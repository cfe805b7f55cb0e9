import { z } from 'zod';
import { ADMIN_MESSAGES } from './admin-messages';

/**
 * Admin lists page with the server's one keyset cursor (apps/server/src/lib/keyset-cursor.ts): opaque base64url,
 * checked and decoded by the server (a tampered cursor gets a 400 naming it).
 */
export const cursorSchema = z
  .string()
  .max(300, ADMIN_MESSAGES.invalidCursor)
  .regex(/^[A-Za-z0-9_-]+$/, ADMIN_MESSAGES.invalidCursor);

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
