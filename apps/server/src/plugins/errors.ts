import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '@accountry/shared/api-error';
import { AppError } from '../lib/app-error';
import { noteFailure } from './request-log';

type Issue = { instancePath?: string; message?: string; params?: Record<string, unknown> };

function fieldsFrom(issues: Issue[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const base = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    const keys = (issue.params?.keys as string[] | undefined) ?? [];
    if (keys.length) {
      for (const k of keys) fields[base ? `${base}.${k}` : k] = `Unknown field: ${k}`;
      continue;
    }
    const key = base || '_';
    if (!fields[key]) fields[key] = issue.message ?? 'Invalid value';
  }
  return fields;
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
