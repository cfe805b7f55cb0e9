import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tokenInputSchema } from '@accountry/shared/auth';
import { errorReplies } from '@accountry/shared/api-error';
import { unsubscribeQuerySchema, unsubscribeReplySchema } from '@accountry/shared/email-preferences';
import type { AppDeps } from '../../app';
import { UNSUBSCRIBE_API_PATH } from '../../email/unsubscribe-links';
import { RATE_LIMITS } from './auth-policy';
import { describeUnsubscribe, unsubscribe } from './email-unsubscribe.service';

const errors = errorReplies(400, 404, 429);
const tags = ['email preferences'];
/** A one-click body is `List-Unsubscribe=One-Click` (RFC 8058): read as text and not needed, the token decides. */
const ONE_CLICK_BODY_LIMIT = 1024;

/** The Unsubscribe links in optional mail (decision 216): what a link stops, and stopping it in one click. */
export function emailUnsubscribeRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // The token in the body, as the other mailed links' pages send theirs.
    app.post(
      `${UNSUBSCRIBE_API_PATH}/status`,
      {
        config: { rateLimit: RATE_LIMITS.verify },
        schema: { tags, body: tokenInputSchema, response: { 200: unsubscribeReplySchema, ...errors } },
      },
      async (request) => describeUnsubscribe(deps, request.body.token),
    );

    const oneClick: FastifyPluginAsyncZod = async (scope) => {
      for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data'])
        scope.addContentTypeParser(type, { parseAs: 'string' }, (_request, _body, done) => done(null, undefined));
      // The List-Unsubscribe URL itself: mail apps post to it with no cookie and no header of ours (CSRF-exempt, in
      // plugins/auth.ts). Many members' unsubscribes may come from one mail provider's address: a wide limit.
      scope.post(
        UNSUBSCRIBE_API_PATH,
        {
          bodyLimit: ONE_CLICK_BODY_LIMIT,
          config: { rateLimit: RATE_LIMITS.oneClickUnsubscribe },
          schema: { tags, querystring: unsubscribeQuerySchema, response: { 200: unsubscribeReplySchema, ...errors } },
        },
        async (request) => unsubscribe(deps, request.query.token),
      );
    };
    await app.register(oneClick);
  };
}
