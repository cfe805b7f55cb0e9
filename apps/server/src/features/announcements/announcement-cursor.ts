import { badRequest } from '../../lib/app-error';
import { parseCursor } from '../../lib/keyset-cursor';

export type Cursor = [string | number, string];

/** The lastVisible cursor, whose sort value must have the sort field's type (a number for timestamps, else a string). */
export function decodeCursor(s: string, numeric: boolean): Cursor {
  const c = numeric ? parseCursor(s, 'number') : parseCursor(s, 'string');
  if (c) return c;
  throw badRequest('Invalid page cursor', { lastVisible: 'Invalid page cursor' });
}
