import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '@accountry/shared/api-error';
import { AppError } from '../lib/app-error';
import { noteFailure } from './request-log';

type Issue = { instancePath?: string; message?: string; params?: Record<string, unknown> };

/** Field problems a 400 names; past them it only counts. Naming every one let a 650 KB body buy a 2 MB reply. */
export const MAX_LISTED_FIELDS = 10;
const moreProblems = (n: number) => `${n} more ${n === 1 ? 'problem' : 'problems'} not listed.`;

/** The first problems by field (an unknown field each on its own), and `_more` counting those left out. */
function fieldsFrom(issues: Issue[]) {
  // A Map, not an object: a field called toString or constructor must not find the object's own members.
  const fields = new Map<string, string>();
  const unlisted = new Set<string>();
  let more = 0;
  const note = (key: string, message: string) => {
    if (fields.has(key) || unlisted.has(key)) return;
    if (fields.size < MAX_LISTED_FIELDS) fields.set(key, message);
    else unlisted.add(key);
  };
  for (const issue of issues) {
    const base = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    const keys = (issue.params?.keys as string[] | undefined) ?? [];
    if (keys.length) {
      // An object's unknown keys are distinct: those past the list are counted, never turned into strings.
      const shown = Math.max(0, Math.min(keys.length, MAX_LISTED_FIELDS - fields.size));
      for (const k of keys.slice(0, shown)) note(base ? `${base}.${k}` : k, `Unknown field: ${k}`);
      more += keys.length - shown;
      continue;
    }
    note(base || '_', issue.message ?? 'Invalid value');
  }
  more += unlisted.size;
  if (more) fields.set('_more', moreProblems(more));
  return Object.fromEntries(fields);
}

/** One error shape for every failure: { error: { code, message, fields? } }. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    // The error replaces the body the handler meant to send (a file whose first bytes had not left yet): the headers
    // that described that body go with it.
    reply.removeHeader('content-encoding');
    reply.removeHeader('content-disposition');
    if (err instanceof AppError) {
      return reply
        .status(err.statusCode)
        .send({ error: { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) } });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields = fieldsFrom(err.validation as Issue[]);
      const first = Object.values(fields)[0] ?? 'Invalid request';
      return reply.status(400).send({ error: { code: ERROR_CODES.validation, message: first, fields } });
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.statusCode === 413) {
      return reply
        .status(413)
        .send({ error: { code: ERROR_CODES.payloadTooLarge, message: 'The request is too large.' } });
    }
    if (err.statusCode === 429) {
      return reply
        .status(429)
        .send({ error: { code: ERROR_CODES.tooManyRequests, message: 'Too many requests. Please try again later.' } });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      const message =
        err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'The request body is not valid JSON.'
          : err.message;
      return reply.status(err.statusCode).send({ error: { code: ERROR_CODES.badRequest, message } });
    }
    noteFailure(request, err);
    return reply
      .status(500)
      .send({ error: { code: ERROR_CODES.internal, message: 'Something went wrong. Please try again.' } });
  });
}
