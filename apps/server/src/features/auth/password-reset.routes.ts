import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emailInputSchema,
  emailResponseSchema,
  messageResponseSchema,
  resetConfirmInputSchema,
  tokenInputSchema,
} from '@accountry/shared/auth';
import { errorReplies } from '@accountry/shared/api-error';
import type { AppDeps } from '../../app';
import { RATE_LIMITS } from './auth-policy';
import { confirmPasswordReset, requestPasswordReset, resetLinkStatus } from './password-reset.service';
import { startResetRequestSweep } from './reset-requests.service';
import { settleAfterReplies } from '../../lib/after-reply';

const errors = errorReplies(400, 429, 503);

/** Password reset: ask for a link (never telling whether the address has an account), check it, use it. */
export function passwordResetRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const onError = (err: unknown) => app.log.warn({ err }, 'password reset request failed');
    const stopSweep = startResetRequestSweep(deps, deps.config.resetRequestSweepIntervalMs, onError);
    app.addHook('onClose', async () => {
      await stopSweep();
      await settleAfterReplies(deps);
    });

    app.post(
      '/api/auth/password-reset/request',
      {
        config: { rateLimit: RATE_LIMITS.mail },
        schema: { tags: ['auth'], body: emailInputSchema, response: { 200: messageResponseSchema, ...errors } },
      },
      async (request) => requestPasswordReset(deps, request.body.email, onError),
    );

    app.post(
      '/api/auth/password-reset/status',
      {
        config: { rateLimit: RATE_LIMITS.verify },
        schema: { tags: ['auth'], body: tokenInputSchema, response: { 200: emailResponseSchema, ...errors } },
      },
      async (request) => resetLinkStatus(deps, request.body.token),
    );

    app.post(
      '/api/auth/password-reset/confirm',
      {
        config: { rateLimit: RATE_LIMITS.password },
        schema: { tags: ['auth'], body: resetConfirmInputSchema, response: { 200: emailResponseSchema, ...errors } },
      },
      async (request) =>
        confirmPasswordReset(deps, request.body.token, request.body.password, {
          id: request.sessionId,
          userId: request.user?.id,
        }),
    );
  };
}
