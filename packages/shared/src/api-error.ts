import { z } from 'zod';

/** Every failed API call answers with this shape. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** The error replies a route declares: the one error shape under each status it may answer with. */
export const errorReplies = <const Status extends number>(...statuses: Status[]) =>
  Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<Status, typeof apiErrorSchema>;

export const ERROR_CODES = {
  badRequest: 'BAD_REQUEST',
  validation: 'VALIDATION_FAILED',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  csrf: 'CSRF_FAILED',
  internal: 'INTERNAL',
  unavailable: 'SERVICE_UNAVAILABLE',
} as const;

/** A 409 for a change decided on a state that someone else changed in the meantime. */
export const CHANGED_MEANWHILE = 'This was changed in the meantime. Reload the page and try again.';
