import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordSchema,
  messageResponseSchema,
  profileResponseSchema,
  profileUpdateSchema,
} from '@accountry/shared/auth';
import { apiErrorSchema, errorReplies } from '@accountry/shared/api-error';
import type { AppDeps } from '../../app';
import { RATE_LIMITS } from './auth-policy';
import { requireSignedIn, toSessionUser } from './session-user';
import { changePassword, updateProfile } from './profile.service';
import { noContent } from '../../lib/no-content';
import { clearSessionCookies } from '../../sessions/sessions.service';
import { emailPreferencesSchema } from '@accountry/shared/email-preferences';
import { getEmailPreferences, setEmailPreferences } from './email-preferences.service';
import { deleteAccountInputSchema } from '@accountry/shared/account-deletion';
import { deleteOwnAccount } from './account-deletion.service';
import { emailChangeInputSchema } from '@accountry/shared/email-change';
import { requestEmailChange } from './email-change.service';
import { accountActivitySchema, accountActivityQuerySchema } from '@accountry/shared/account-activity';
import { accountActivity } from './account-activity.service';

const errors = errorReplies(400, 401, 403, 429);

/** The signed-in user's own profile, address, password, email preferences, and deleting the account. */
export function profileRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/profile',
      { schema: { tags: ['profile'], response: { 200: profileResponseSchema, 401: apiErrorSchema } } },
      async (request) => ({
        user: toSessionUser(requireSignedIn(request)),
      }),
    );

    app.patch(
      '/api/profile',
      { schema: { tags: ['profile'], body: profileUpdateSchema, response: { 200: profileResponseSchema, ...errors } } },
      async (request) => {
        const user = requireSignedIn(request);
        const { passwordHash: _hash, ...updated } = await updateProfile(deps, user, request.body);
        return { user: toSessionUser(updated) };
      },
    );

    app.get(
      '/api/profile/activity',
      {
        schema: {
          tags: ['profile'],
          querystring: accountActivityQuerySchema,
          response: { 200: accountActivitySchema, 400: apiErrorSchema, 401: apiErrorSchema },
        },
      },
      async (request) => accountActivity(deps, requireSignedIn(request).id, request.query.cursor),
    );

    app.get(
      '/api/profile/email-preferences',
      { schema: { tags: ['profile'], response: { 200: emailPreferencesSchema, 401: apiErrorSchema } } },
      async (request) => getEmailPreferences(deps, requireSignedIn(request)),
    );

    app.put(
      '/api/profile/email-preferences',
      {
        schema: {
          tags: ['profile'],
          body: emailPreferencesSchema,
          response: { 200: emailPreferencesSchema, ...errors },
        },
      },
      async (request) => setEmailPreferences(deps, requireSignedIn(request), request.body),
    );

    app.post(
      '/api/profile/email',
      {
        config: { rateLimit: RATE_LIMITS.password },
        schema: {
          tags: ['profile'],
          body: emailChangeInputSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) =>
        requestEmailChange(deps, requireSignedIn(request), request.sessionId, request.body, request.ip, (err) =>
          app.log.error({ err }, 'address change link failed'),
        ),
    );

    app.post(
      '/api/profile/delete',
      {
        config: { rateLimit: RATE_LIMITS.password },
        schema: {
          tags: ['profile'],
          body: deleteAccountInputSchema,
          response: { 204: z.null(), 409: apiErrorSchema, ...errors },
        },
      },
      async (request, reply) => {
        await deleteOwnAccount(deps, requireSignedIn(request), request.body, request.ip);
        clearSessionCookies(reply, deps.sessionSettings);
        return noContent(reply);
      },
    );

    app.post(
      '/api/profile/password',
      {
        config: { rateLimit: RATE_LIMITS.password },
        schema: { tags: ['profile'], body: changePasswordSchema, response: { 204: z.null(), ...errors } },
      },
      async (request, reply) => {
        const user = requireSignedIn(request);
        await changePassword(deps, user, request.sessionId!, request.body, request.ip);
        return noContent(reply);
      },
    );
  };
}
