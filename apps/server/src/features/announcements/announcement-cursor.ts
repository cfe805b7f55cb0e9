import { badRequest } from '../../lib/app-error';

export type Cursor = [string | number, string];

/** lastVisible: the last row's sort value and id, opaque to clients. */
export const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');

/** The cursor, whose sort value must have the sort field's type (a number for timestamps, else a string). */
export function decodeCursor(s: string, numeric: boolean): Cursor {
  try {
    const c = JSON.parse(Buffer.from(s, 'base64url').toString('utf8'));
    if (Array.isArray(c) && c.length === 2 && typeof c[0] === (numeric ? 'number' : 'string') && typeof c[1] === 'string') return [c[0], c[1]];
  } catch {
    // Falls through to the 400 below.
  }
  throw badRequest('Invalid page cursor', { lastVisible: 'Invalid page cursor' });
}
