import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  meResponseSchema,
  sessionListSchema,
  signInInputSchema,
  signUpInputSchema,
  signUpResponseSchema,
} from '@accountry/shared/auth';
import { apiErrorSchema } from '@accountry/shared/api-error';
import { idParam } from '@accountry/shared/admin-paging';
import type { AppDeps } from '../../app';
import { RATE_LIMITS } from './auth-policy';
import { authErrorReplies, authErrors } from './auth-errors';
import { dummyPasswordHash } from '../../lib/password';
import { passwordResetRoutes } from './password-reset.routes';
import { profileRoutes } from './profile.routes';
import { twoFactorRoutes } from './two-factor.routes';
import { requireSignedIn, toSessionUser } from './session-user';
import { clearSessionCookies, endSession, liveSince, timeoutFor } from '../../sessions/sessions.service';
import { listUserSessions } from '../../sessions/sessions.repository';
import { checkSignIn } from './signin.service';
import { checkingSignIn, startSignedInSession } from './signed-in-session';
import { passkeyRoutes } from './passkeys.routes';
import { signUp } from './signup.service';
import { verificationRoutes } from './verification.routes';
import { emailUnsubscribeRoutes } from './email-unsubscribe.routes';
import { noContent } from '../../lib/no-content';
import { signOutEverywhere } from './profile.service';
import { endOtherSession } from './end-session.service';

export { toSessionUser } from './session-user';

export function authRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Ready before the first unknown-address sign-in, so that one is not slower than the rest.
    void dummyPasswordHash();
    app.get('/api/auth/me', { schema: { tags: ['auth'], response: { 200: meResponseSchema } } }, async (request) => ({
      user: request.user ? toSessionUser(request.user) : null,
      timeoutMs: request.user ? timeoutFor(request.sessionRemember, deps.sessionSettings) : null,
      remember: request.sessionRemember,
    }));

    app.post(
      '/api/auth/signup',
      {
        config: { rateLimit: RATE_LIMITS.signUp },
        schema: {
          tags: ['auth'],
          body: signUpInputSchema,
          response: { 201: signUpResponseSchema, ...authErrorReplies },
        },
      },
      async (request, reply) => {
        const { email } = await signUp(deps, request.body, request.log);
        return reply.status(201).send({ email });
      },
    );

    app.post(
      '/api/auth/signin',
      {
        config: { rateLimit: { ...RATE_LIMITS.signIn, errorResponseBuilder: () => authErrors.tooManyAttempts() } },
        schema: { tags: ['auth'], body: signInInputSchema, response: { 200: meResponseSchema, ...authErrorReplies } },
      },
      async (request, reply) => {
        const { email, password, remember = false, code } = request.body;
        const { user, recoveryCode } = await checkingSignIn(request, () =>
          checkSignIn(deps, { email, password, code }, request.ip),
        );
        return startSignedInSession(deps, request, reply, user, remember, {
          passwordHash: user.passwordHash,
          recoveryCode,
        });
      },
    );

    app.post(
      '/api/auth/signout',
      { schema: { tags: ['auth'], response: { 204: z.null(), 403: apiErrorSchema } } },
      async (request, reply) => {
        if (request.sessionId) await endSession(deps, request.sessionId);
        clearSessionCookies(reply, deps.sessionSettings);
        return noContent(reply);
      },
    );

    app.post(
      '/api/auth/signout-everywhere',
      { schema: { tags: ['auth'], response: { 204: z.null(), 401: apiErrorSchema, 403: apiErrorSchema } } },
      async (request, reply) => {
        await signOutEverywhere(deps, requireSignedIn(request), {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        clearSessionCookies(reply, deps.sessionSettings);
        return noContent(reply);
      },
    );

    app.get(
      '/api/auth/sessions',
      { schema: { tags: ['auth'], response: { 200: sessionListSchema, 401: apiErrorSchema } } },
      async (request) => {
        const user = requireSignedIn(request);
        const rows = await listUserSessions(deps.db.db, user.id, liveSince(deps.sessionSettings, deps.clock.now()));
        // The stored id is the cookie's hash: it stays here, and the list names each session by its public id.
        return {
          sessions: rows.map(({ id, publicId, ...s }) => ({ ...s, id: publicId, current: id === request.sessionId })),
        };
      },
    );

    app.delete(
      '/api/auth/sessions/:id',
      {
        schema: {
          tags: ['auth'],
          params: idParam('id'),
          response: {
            204: z.null(),
            400: apiErrorSchema,
            401: apiErrorSchema,
            403: apiErrorSchema,
            404: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const origin = { ip: request.ip, userAgent: request.headers['user-agent'] };
        await endOtherSession(deps, requireSignedIn(request), request.sessionId, request.params.id, origin);
        return noContent(reply);
      },
    );

    await app.register(verificationRoutes(deps));
    await app.register(emailUnsubscribeRoutes(deps));
    await app.register(passwordResetRoutes(deps));
    await app.register(profileRoutes(deps));
    await app.register(twoFactorRoutes(deps));
    await app.register(passkeyRoutes(deps));
  };
}
