import { CHANGED_MEANWHILE } from '@accountry/shared/api-error';
import { conflict } from './app-error';

type WriteResult = { numUpdatedRows: bigint } | { numDeletedRows: bigint };

/**
 * For a write whose SQL condition holds the state it was decided on: nothing matched means the row moved on
 * (another request changed it in between), answered with 409 instead of silently overwriting that change.
 */
export function assertStateUnchanged(result: WriteResult | undefined, message: string = CHANGED_MEANWHILE) {
  const n = !result ? 0 : 'numUpdatedRows' in result ? result.numUpdatedRows : result.numDeletedRows;
  if (Number(n) === 0) throw conflict(message);
}
