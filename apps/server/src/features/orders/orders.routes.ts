import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '@accountry/shared/api-error';
import {
  ORDER_ROUTES as R,
  cancelOrderSchema,
  createOrderSchema,
  openDisputeSchema,
  orderDetailSchema,
  payOrderResponseSchema,
  statementInputSchema,
  feesSchema,
} from '@accountry/shared/orders';
import {
  CREDENTIAL_FIELD_MAX,
  correctCredentialsSchema,
  credentialsSchema,
  deliverOrderSchema,
  revealedCredentialsSchema,
} from '@accountry/shared/order-credentials';
import {
  ORDERS_PAGE_SIZE,
  myOrdersQuerySchema,
  ordersPageSchema,
  waitingCountsSchema,
} from '@accountry/shared/order-lists';
import { disputeStatementsSchema } from '@accountry/shared/disputes';
import type { Role } from '@accountry/shared/roles';
import type { AppDeps } from '../../app';
import { requireRole } from '../../plugins/auth';
import { perUser } from '../../plugins/rate-limit';
import { escapedJsonBytes } from '../../lib/body-limits';
import { ordersContext } from './orders-context';
import { orderDetail, orderPage } from './order-views';
import { buyNow } from './buy-now.service';
import {
  cancelOrder,
  confirmOrder,
  deliverOrder,
  openDispute,
  payOrder,
  revealCredentials,
  sideOf,
  visibleOrder,
} from './orders.service';
import { startOrderSweeper } from './order-sweep';
import { walletRoutes } from './wallet.routes';
import { paymentWebhookRoutes } from './payment-webhook.routes';
import { listStatements, postStatement } from './disputes.service';
import { disputeEvidenceRoutes } from './dispute-evidence.routes';
import { offersRoutes } from './offers.routes';
import { countWaiting } from './waiting.repository';
import { correctCredentials } from './credentials-correction.service';

const MEMBERS: Role[] = ['buyer', 'seller', 'both'];
const errors = errorReplies(400, 401, 403, 404, 409);
const tags = ['orders'];
const params = z.object({ id: z.string().min(1).max(64) });
const detail = { 200: orderDetailSchema, ...errors };
/** Five full credentials fields take 60,000 bytes with every character escaped: close to the default, so twice that. */
const CREDENTIALS_BODY_LIMIT = 2 * escapedJsonBytes(Object.keys(credentialsSchema.shape).length * CREDENTIAL_FIELD_MAX);

/** Orders for their buyer and seller (admins see every order); the timer sweep runs in every process. */
export function ordersRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const ctx = ordersContext(deps);
    const stop = startOrderSweeper(ctx, deps.config.orders.sweepIntervalMs, (err) =>
      app.log.error({ err }, 'order sweep failed; it runs again at the next interval'),
    );
    deps.onClose.push(stop);
    await app.register(walletRoutes(deps));
    await app.register(disputeEvidenceRoutes(ctx));
    await app.register(paymentWebhookRoutes(deps));
    await app.register(offersRoutes(ctx));

    const view = async (id: string, user: Parameters<typeof sideOf>[1]) => {
      const { order, side } = await visibleOrder(ctx, id, user);
      return orderDetail(ctx, order, side);
    };

    app.post(
      R.create,
      {
        config: perUser(30, '1 minute'),
        schema: { tags, body: createOrderSchema, response: { 201: orderDetailSchema, ...errors } },
      },
      async (request, reply) => {
        const user = requireRole(request, MEMBERS);
        const { listingId, ...terms } = request.body;
        const order = await buyNow(ctx, user, listingId, terms);
        return reply.status(201).send(await orderDetail(ctx, order, 'buyer'));
      },
    );

    app.get(
      R.list,
      { schema: { tags, querystring: myOrdersQuerySchema, response: { 200: ordersPageSchema, ...errors } } },
      async (request) => {
        const user = requireRole(request, MEMBERS);
        const { side, status, cursor } = request.query;
        const mine = side === 'sales' ? { sellerId: user.id } : { buyerId: user.id };
        return orderPage(ctx, { ...mine, status, now: ctx.deps.clock.now() }, cursor, ORDERS_PAGE_SIZE);
      },
    );

    // Public: what selling costs is part of deciding to sell.
    app.get(R.fees, { schema: { tags, response: { 200: feesSchema } } }, async () => ({
      platformFeePercent: ctx.feePercent,
    }));

    app.get(R.waiting, { schema: { tags, response: { 200: waitingCountsSchema, ...errors } } }, async (request) =>
      countWaiting(ctx.deps.db.db, requireRole(request, MEMBERS).id, ctx.deps.clock.now()),
    );

    app.get(R.detail, { schema: { tags, params, response: detail } }, async (request) =>
      view(request.params.id, requireRole(request, MEMBERS)),
    );

    app.post(
      R.pay,
      {
        // A card order's every press asks Stripe, whose limits are the whole platform's: a loop would use them up.
        config: perUser(30, '1 minute'),
        schema: { tags, params, response: { 200: payOrderResponseSchema, ...errors } },
      },
      async (request) => {
        const user = requireRole(request, MEMBERS);
        const { redirectUrl } = await payOrder(ctx, user, request.params.id);
        return { order: await view(request.params.id, user), redirectUrl };
      },
    );

    app.post(R.cancel, { schema: { tags, params, body: cancelOrderSchema, response: detail } }, async (request) => {
      const user = requireRole(request, MEMBERS);
      await cancelOrder(ctx, user, request.params.id, request.body.reason);
      return view(request.params.id, user);
    });

    app.post(
      R.deliver,
      { bodyLimit: CREDENTIALS_BODY_LIMIT, schema: { tags, params, body: deliverOrderSchema, response: detail } },
      async (request) => {
        const user = requireRole(request, MEMBERS);
        await deliverOrder(ctx, user, request.params.id, request.body.credentials);
        return view(request.params.id, user);
      },
    );

    // The seller replaces what they delivered, until the buyer first reveals it (decision 182).
    app.post(
      R.correctCredentials,
      { bodyLimit: CREDENTIALS_BODY_LIMIT, schema: { tags, params, body: correctCredentialsSchema, response: detail } },
      async (request) => {
        const user = requireRole(request, MEMBERS);
        await correctCredentials(ctx, user, request.params.id, request.body.credentials);
        return view(request.params.id, user);
      },
    );

    app.post(R.confirm, { schema: { tags, params, response: detail } }, async (request) => {
      const user = requireRole(request, MEMBERS);
      await confirmOrder(ctx, user, request.params.id);
      return view(request.params.id, user);
    });

    app.post(R.dispute, { schema: { tags, params, body: openDisputeSchema, response: detail } }, async (request) => {
      const user = requireRole(request, MEMBERS);
      await openDispute(ctx, user, request.params.id, request.body.reason);
      return view(request.params.id, user);
    });

    app.post(
      R.revealCredentials,
      {
        // Every reveal is recorded and listed on the order page: a loop would grow both without end.
        config: perUser(30, '10 minutes'),
        schema: { tags, params, response: { 200: revealedCredentialsSchema, ...errors } },
      },
      async (request, reply) => {
        const credentials = await revealCredentials(ctx, requireRole(request, MEMBERS), request.params.id, false);
        // Credentials are never cached by the browser or a proxy.
        return reply.header('cache-control', 'no-store').send(credentials);
      },
    );

    app.get(
      R.statements,
      { schema: { tags, params, response: { 200: disputeStatementsSchema, ...errors } } },
      async (request) => listStatements(ctx, requireRole(request, MEMBERS), request.params.id),
    );

    app.post(
      R.statements,
      {
        config: perUser(30, '10 minutes'),
        schema: { tags, params, body: statementInputSchema, response: { 201: disputeStatementsSchema, ...errors } },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await postStatement(ctx, requireRole(request, MEMBERS), request.params.id, request.body)),
    );
  };
}
