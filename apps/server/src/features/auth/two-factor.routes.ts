import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  recoveryCodesSchema,
  twoFactorConfirmInputSchema,
  twoFactorEmailedSchema,
  twoFactorEnableInputSchema,
  twoFactorPasswordInputSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@accountry/shared/two-factor';
import { apiErrorSchema } from '@accountry/shared/api-error';
import type { AppDeps } from '../../app';
import { noContent } from '../../lib/no-content';
import { RATE_LIMITS } from './auth-policy';
import { authErrorReplies } from './auth-errors';
import { requireSignedIn } from './session-user';
import { disableTwoFactor, enableTwoFactor, replaceRecoveryCodes, twoFactorStatus } from './two-factor.service';
import { resendSetupEmailCode, startTwoFactorSetup } from './two-factor-setup.service';

const limited = { rateLimit: RATE_LIMITS.password };

/** The signed-in user's two-factor sign-in (decision 168): status, set-up, turning it on and off, recovery codes. */
export function twoFactorRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/profile/two-factor',
      { schema: { tags: ['profile'], response: { 200: twoFactorStatusSchema, 401: apiErrorSchema } } },
      async (request) => twoFactorStatus(deps, requireSignedIn(request)),
    );

    app.post(
      '/api/profile/two-factor/setup',
      {
        config: limited,
        schema: {
          tags: ['profile'],
          body: twoFactorPasswordInputSchema,
          response: { 200: twoFactorSetupSchema, ...authErrorReplies },
        },
      },
      async (request, reply) => {
        const setup = await startTwoFactorSetup(deps, requireSignedIn(request), request.body.password, request.ip);
        // The key and the codes are secrets: no cache along the way keeps them.
        return reply.header('cache-control', 'no-store').send(setup);
      },
    );

    // The set-up's mailed code again, when its first mail is late or lost; counted by the set-up's mail limit.
    app.post(
      '/api/profile/two-factor/setup/email-code',
      {
        config: { rateLimit: RATE_LIMITS.mail },
        schema: { tags: ['profile'], response: { 200: twoFactorEmailedSchema, ...authErrorReplies } },
      },
      async (request, reply) => {
        const sent = await resendSetupEmailCode(deps, requireSignedIn(request));
        return reply.header('cache-control', 'no-store').send(sent);
      },
    );

    app.post(
      '/api/profile/two-factor/enable',
      {
        config: limited,
        schema: {
          tags: ['profile'],
          body: twoFactorEnableInputSchema,
          response: { 200: recoveryCodesSchema, ...authErrorReplies },
        },
      },
      async (request, reply) => {
        const codes = await enableTwoFactor(
          deps,
          requireSignedIn(request),
          request.sessionId,
          request.body,
          request.ip,
        );
        return reply.header('cache-control', 'no-store').send(codes);
      },
    );

    app.post(
      '/api/profile/two-factor/disable',
      {
        config: limited,
        schema: {
          tags: ['profile'],
          body: twoFactorConfirmInputSchema,
          response: { 204: z.null(), ...authErrorReplies },
        },
      },
      async (request, reply) => {
        await disableTwoFactor(deps, requireSignedIn(request), request.body, request.ip);
        return noContent(reply);
      },
    );

    app.post(
      '/api/profile/two-factor/recovery-codes',
      {
        config: limited,
        schema: {
          tags: ['profile'],
          body: twoFactorConfirmInputSchema,
          response: { 200: recoveryCodesSchema, ...authErrorReplies },
        },
      },
      async (request, reply) => {
        const codes = await replaceRecoveryCodes(deps, requireSignedIn(request), request.body, request.ip);
        return reply.header('cache-control', 'no-store').send(codes);
      },
    );
  };
}
