import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { meResponseSchema } from '@accountry/shared/auth';
import { idParam } from '@accountry/shared/admin-paging';
import { apiErrorSchema } from '@accountry/shared/api-error';
import {
  PASSKEY_ROUTES as R,
  addPasskeyInputSchema,
  passkeyListSchema,
  passkeyOptionsInputSchema,
  passkeyOptionsSchema,
  passkeySchema,
  passkeySignInInputSchema,
  removePasskeyInputSchema,
  renamePasskeyInputSchema,
} from '@accountry/shared/passkeys';
import type { AppDeps } from '../../app';
import { noContent } from '../../lib/no-content';
import { RATE_LIMITS } from './auth-policy';
import { authErrorReplies, authErrors } from './auth-errors';
import { requireSignedIn } from './session-user';
import { checkPasskeySignIn, passkeySignInOptions } from './passkey-signin.service';
import {
  addPasskey,
  listOwnPasskeys,
  passkeyRegistrationOptions,
  removeOwnPasskey,
  renameOwnPasskey,
} from './passkeys.service';
import { checkingSignIn, startSignedInSession } from './signed-in-session';

const tags = ['passkeys'];
const params = idParam('id');
const replies = { ...authErrorReplies, 404: apiErrorSchema };
const signInLimit = { rateLimit: { ...RATE_LIMITS.signIn, errorResponseBuilder: () => authErrors.tooManyAttempts() } };
const noStore = 'no-store';

/** Passkeys (decision 171): a member's own, and signing in with one. */
export function passkeyRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(R.list, { schema: { tags, response: { 200: passkeyListSchema, 401: apiErrorSchema } } }, async (request) =>
      listOwnPasskeys(deps, requireSignedIn(request)),
    );

    app.post(
      R.registrationOptions,
      {
        config: { rateLimit: RATE_LIMITS.password },
        schema: { tags, body: passkeyOptionsInputSchema, response: { 200: passkeyOptionsSchema, ...replies } },
      },
      async (request, reply) => {
        const options = await passkeyRegistrationOptions(deps, requireSignedIn(request), request.body, request.ip);
        return reply.header('cache-control', noStore).send(options);
      },
    );

    app.post(
      R.list,
      {
        config: { rateLimit: RATE_LIMITS.password },
        schema: {
          tags,
          body: addPasskeyInputSchema,
          response: { 201: z.object({ passkey: passkeySchema }), ...replies },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await addPasskey(deps, requireSignedIn(request), request.sessionId, request.body, request.ip)),
    );

    app.patch(
      R.passkey,
      {
        schema: {
          tags,
          params,
          body: renamePasskeyInputSchema,
          response: { 200: z.object({ passkey: passkeySchema }), ...replies },
        },
      },
      async (request) => renameOwnPasskey(deps, requireSignedIn(request), request.params.id, request.body.name),
    );

    app.post(
      R.remove,
      {
        config: { rateLimit: RATE_LIMITS.password },
        schema: { tags, params, body: removePasskeyInputSchema, response: { 204: z.null(), ...replies } },
      },
      async (request, reply) => {
        const user = requireSignedIn(request);
        await removeOwnPasskey(deps, user, request.params.id, request.body.password, request.ip);
        return noContent(reply);
      },
    );

    app.post(
      R.signInOptions,
      { config: signInLimit, schema: { tags, response: { 200: passkeyOptionsSchema, ...replies } } },
      async (_request, reply) => reply.header('cache-control', noStore).send(await passkeySignInOptions(deps)),
    );

    app.post(
      R.signIn,
      {
        config: signInLimit,
        schema: { tags, body: passkeySignInInputSchema, response: { 200: meResponseSchema, ...replies } },
      },
      async (request, reply) => {
        const { user, passkeyId } = await checkingSignIn(request, () =>
          checkPasskeySignIn(deps, request.body.credential),
        );
        return startSignedInSession(deps, request, reply, user, request.body.remember ?? false, { passkeyId });
      },
    );
  };
}
