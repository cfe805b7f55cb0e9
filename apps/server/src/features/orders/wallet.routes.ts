import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '@accountry/shared/api-error';
import { z } from 'zod';
import {
  WALLET_ROUTES as R,
  payoutRequestSchema,
  payoutSchema,
  payoutsPageSchema,
  walletEntriesPageSchema,
  walletSchema,
} from '@accountry/shared/wallet';
import {
  PAYOUT_METHOD_ROUTE,
  payoutMethodInputSchema,
  payoutMethodRemoveSchema,
  payoutMethodReplySchema,
} from '@accountry/shared/payout-methods';
import type { Role } from '@accountry/shared/roles';
import type { AppDeps } from '../../app';
import { requireRole } from '../../plugins/auth';
import { cancelPayout, requestPayout } from './payouts.service';
import { ownPayoutsPage, walletOf } from './wallet.service';
import { walletEntries } from './wallet-entries.service';
import { payoutMethodOf, removePayoutMethod, setPayoutMethod } from './payout-methods.service';
import { PASSWORD_CONFIRMATION_LIMIT } from '../auth/confirm-password.service';

const MEMBERS: Role[] = ['buyer', 'seller', 'both'];
const errors = errorReplies(400, 401, 403, 409, 429);
const tags = ['wallet'];

/** The signed-in user's balances, balance history, payouts and payout details. */
export function walletRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(R.wallet, { schema: { tags, response: { 200: walletSchema, ...errors } } }, async (request) =>
      walletOf(deps, requireRole(request, MEMBERS).id),
    );

    app.get(
      R.entries,
      {
        schema: {
          tags,
          querystring: z.object({ cursor: z.string().max(300).optional() }),
          response: { 200: walletEntriesPageSchema, ...errors },
        },
      },
      async (request) => walletEntries(deps, requireRole(request, MEMBERS).id, request.query.cursor),
    );

    app.get(
      R.payouts,
      {
        schema: {
          tags,
          querystring: z.object({ cursor: z.string().max(300).optional() }),
          response: { 200: payoutsPageSchema, ...errors },
        },
      },
      async (request) => ownPayoutsPage(deps, requireRole(request, MEMBERS).id, request.query.cursor),
    );

    app.get(
      PAYOUT_METHOD_ROUTE,
      { schema: { tags, response: { 200: payoutMethodReplySchema, ...errors } } },
      async (request) => payoutMethodOf(deps, requireRole(request, MEMBERS).id),
    );

    app.put(
      PAYOUT_METHOD_ROUTE,
      {
        // Each try costs a password hash and a mail: limited as every password confirmation is.
        config: { rateLimit: PASSWORD_CONFIRMATION_LIMIT },
        schema: { tags, body: payoutMethodInputSchema, response: { 200: payoutMethodReplySchema, ...errors } },
      },
      async (request) =>
        setPayoutMethod(deps, requireRole(request, MEMBERS), request.sessionId, request.body, request.ip),
    );

    app.delete(
      PAYOUT_METHOD_ROUTE,
      {
        config: { rateLimit: PASSWORD_CONFIRMATION_LIMIT },
        schema: { tags, body: payoutMethodRemoveSchema, response: { 200: payoutMethodReplySchema, ...errors } },
      },
      async (request) => removePayoutMethod(deps, requireRole(request, MEMBERS), request.body, request.ip),
    );

    app.post(
      R.cancelPayout,
      {
        schema: {
          tags,
          params: z.object({ id: z.string().min(1).max(64) }),
          response: { 200: payoutSchema, ...errors },
        },
      },
      async (request) => cancelPayout(deps, requireRole(request, MEMBERS), request.params.id),
    );

    app.post(
      R.payouts,
      { schema: { tags, body: payoutRequestSchema, response: { 201: payoutSchema, ...errors } } },
      async (request, reply) =>
        reply.status(201).send(await requestPayout(deps, requireRole(request, MEMBERS), request.body.amountCents)),
    );
  };
}
