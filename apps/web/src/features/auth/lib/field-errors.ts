import { ApiRequestError } from '../../../lib/api';

/** Field errors from a failed call (server `fields`), for showing next to the inputs. */
export function serverFieldErrors(err: unknown): Record<string, string> {
  return err instanceof ApiRequestError ? err.fields : {};
}
