import { formString, type FormTree } from './form-body';

export interface FakeReply {
  status: number;
  body: unknown;
  /** Refused in validation, before anything was carried out: Stripe saves no answer under the request's key. */
  invalidParams?: true;
}

/** Stripe's error body: { error: { type, code?, param?, message } }. */
export function stripeError(status: number, type: string, message: string, code?: string, param?: string): FakeReply {
  return { status, body: { error: { type, message, ...(code ? { code } : {}), ...(param ? { param } : {}) } } };
}

export const invalidParams = (message: string, code: string, param: string): FakeReply => ({
  ...stripeError(400, 'invalid_request_error', message, code, param),
  invalidParams: true,
});
export const missing = (param: string) =>
  invalidParams(`Missing required param: ${param}.`, 'parameter_missing', param);
export const invalidInteger = (param: string) =>
  invalidParams(`Invalid integer: ${param}`, 'parameter_invalid_integer', param);
export const noSuch = (kind: string, id: string, param = 'id') =>
  stripeError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', param);

export const toInteger = (v: string | undefined) => (v !== undefined && /^\d+$/.test(v) ? Number(v) : null);

/**
 * One page of a Stripe list: `items` oldest first are listed newest first, after `starting_after` when given, at most
 * `limit` (1-100, default 10), with `has_more` saying whether more follow.
 */
export function listPage<T extends { id: string }>(items: readonly T[], params: FormTree, url: string): FakeReply {
  const limit = params.limit === undefined ? 10 : toInteger(formString(params.limit));
  if (limit === null || limit < 1 || limit > 100) return invalidInteger('limit');
  const after = formString(params.starting_after);
  let matches = [...items].reverse();
  if (after) matches = matches.slice(matches.findIndex((r) => r.id === after) + 1);
  const data = matches.slice(0, limit);
  return { status: 200, body: { object: 'list', data, has_more: matches.length > limit, url } };
}
