import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emailInputSchema,
  emailResponseSchema,
  messageResponseSchema,
  resetConfirmInputSchema,
  tokenInputSchema,
} from '@accountry/shared/auth';
import { emailUndoStatusSchema } from '@accountry/shared/email-change';
import { apiErrorSchema, errorReplies } from '@accountry/shared/api-error';
import type { AppDeps } from '../../app';
import { RATE_LIMITS } from './auth-policy';
import { resendVerification, verifyEmail } from './verification.service';
import { confirmEmailChange } from './email-change.service';
import { undoEmailChange, undoLinkStatus } from './email-change-undo.service';

const errors = errorReplies(400, 429, 503);

/** Email verification: use the mailed link; ask for a new one; confirm a new address, or undo it from the old one. */
export function verificationRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/auth/verify-email',
      {
        config: { rateLimit: RATE_LIMITS.verify },
        schema: { tags: ['auth'], body: tokenInputSchema, response: { 200: emailResponseSchema, ...errors } },
      },
      async (request) => verifyEmail(deps, request.body.token),
    );

    // Opened from the mail on any device: the link's token is the proof, no sign-in needed.
    app.post(
      '/api/auth/confirm-email-change',
      {
        config: { rateLimit: RATE_LIMITS.verify },
        schema: {
          tags: ['auth'],
          body: tokenInputSchema,
          response: { 200: emailResponseSchema, 409: apiErrorSchema, ...errors },
        },
      },
      async (request) => confirmEmailChange(deps, request.body.token),
    );

    // Opened from the notice a change sent the address it left (decision 177): the token and a new password.
    app.post(
      '/api/auth/undo-email-change/status',
      {
        config: { rateLimit: RATE_LIMITS.verify },
        schema: { tags: ['auth'], body: tokenInputSchema, response: { 200: emailUndoStatusSchema, ...errors } },
      },
      async (request) => undoLinkStatus(deps, request.body.token),
    );

    app.post(
      '/api/auth/undo-email-change',
      {
        config: { rateLimit: RATE_LIMITS.password },
        schema: {
          tags: ['auth'],
          body: resetConfirmInputSchema,
          response: { 200: emailResponseSchema, 409: apiErrorSchema, ...errors },
        },
      },
      async (request) => undoEmailChange(deps, request.body.token, request.body.password),
    );

    app.post(
      '/api/auth/resend-verification',
      {
        config: { rateLimit: RATE_LIMITS.mail },
        schema: { tags: ['auth'], body: emailInputSchema, response: { 200: messageResponseSchema, ...errors } },
      },
      async (request) =>
        resendVerification(deps, request.body.email, (err) => app.log.warn({ err }, 'verification resend failed')),
    );
  };
}
