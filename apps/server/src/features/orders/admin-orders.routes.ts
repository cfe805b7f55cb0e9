import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '@accountry/shared/api-error';
import {
  ORDER_ROUTES as R,
  adminOrderFiguresSchema,
  decisionInputSchema,
  orderDetailSchema,
} from '@accountry/shared/orders';
import { revealedCredentialsSchema } from '@accountry/shared/order-credentials';
import { ORDERS_PAGE_SIZE, adminOrdersPageSchema, adminOrdersQuerySchema } from '@accountry/shared/order-lists';
import { ADMIN_PAYOUT_DETAILS, ADMIN_REVEALS, ORDER_MESSAGES as M } from '@accountry/shared/order-messages';
import { chargebackRecoverySchema } from '@accountry/shared/chargeback-recovery';
import { refundRetrySchema, refundSettlementSchema } from '@accountry/shared/refused-refunds';
import {
  WALLET_ROUTES as W,
  adminPayoutsQuerySchema,
  balanceCreditSchema,
  payoutDestinationSchema,
  payoutPaidSchema,
  payoutReferenceCorrectionSchema,
  payoutRejectSchema,
  payoutsPageSchema,
  walletSchema,
} from '@accountry/shared/wallet';
import type { AppDeps } from '../../app';
import { requireAdmin } from '../../plugins/auth';
import { perUser } from '../../plugins/rate-limit';
import { ordersContext } from './orders-context';
import { orderDetail, adminOrderPage } from './order-views';
import { decideDispute, revealCredentials } from './orders.service';
import { decidePayout } from './payouts.service';
import { correctPayoutReference } from './payout-reference.service';
import { creditBalance, payoutsPage, walletOf } from './wallet.service';
import { orderFigures } from './order-figures';
import { showPayoutDestination } from './payout-destination.service';
import { recoverChargeback } from './chargeback-recovery.service';
import { retryRefusedRefund, settleRefundOutsideStripe } from './refused-refunds.service';

const errors = errorReplies(400, 401, 403, 404, 409);
const tags = ['admin'];
const params = z.object({ id: z.string().min(1).max(64) });
const ok = z.object({ ok: z.literal(true) });

/**
 * Admin: orders (open disputes first), dispute decisions, chargebacks recovered, card refunds Stripe refused settled,
 * payouts, balance credits and the money figures.
 */
export function adminOrdersRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const ctx = ordersContext(deps);

    app.get(
      R.adminList,
      { schema: { tags, querystring: adminOrdersQuerySchema, response: { 200: adminOrdersPageSchema, ...errors } } },
      async (request) => {
        requireAdmin(request);
        const { q, status, cursor } = request.query;
        return adminOrderPage(ctx, { q: q || undefined, status }, cursor, ORDERS_PAGE_SIZE);
      },
    );

    app.post(
      R.adminDecision,
      { schema: { tags, params, body: decisionInputSchema, response: { 200: orderDetailSchema, ...errors } } },
      async (request) => {
        const admin = requireAdmin(request);
        const order = await decideDispute(ctx, admin, request.params.id, request.body);
        return orderDetail(ctx, order, 'admin');
      },
    );

    app.post(
      R.adminRevealCredentials,
      {
        // Each reveal shows an account's credentials, audited: a script on an admin's session could take them all.
        config: perUser(ADMIN_REVEALS.max, `${ADMIN_REVEALS.minutes} minutes`, { message: M.adminRevealsTooMany }),
        schema: { tags, params, response: { 200: revealedCredentialsSchema, ...errors } },
      },
      async (request, reply) => {
        const credentials = await revealCredentials(ctx, requireAdmin(request), request.params.id, true);
        return reply.header('cache-control', 'no-store').send(credentials);
      },
    );

    app.post(
      R.adminChargebackRecovery,
      { schema: { tags, params, body: chargebackRecoverySchema, response: { 200: orderDetailSchema, ...errors } } },
      async (request) => {
        const admin = requireAdmin(request);
        const order = await recoverChargeback(ctx, admin, request.params.id, request.body.amountCents);
        return orderDetail(ctx, order, 'admin');
      },
    );

    app.post(
      R.adminRefundRetry,
      { schema: { tags, params, body: refundRetrySchema, response: { 200: orderDetailSchema, ...errors } } },
      async (request) => {
        const admin = requireAdmin(request);
        const order = await retryRefusedRefund(ctx, admin, request.params.id, request.body.refundKey);
        return orderDetail(ctx, order, 'admin');
      },
    );

    app.post(
      R.adminRefundSettlement,
      { schema: { tags, params, body: refundSettlementSchema, response: { 200: orderDetailSchema, ...errors } } },
      async (request) => {
        const admin = requireAdmin(request);
        const { refundKey, reference } = request.body;
        const order = await settleRefundOutsideStripe(ctx, admin, request.params.id, refundKey, reference);
        return orderDetail(ctx, order, 'admin');
      },
    );

    app.get(
      R.adminFigures,
      { schema: { tags, response: { 200: adminOrderFiguresSchema, ...errors } } },
      async (request) => {
        requireAdmin(request);
        return orderFigures(deps);
      },
    );

    app.get(
      W.adminPayouts,
      { schema: { tags, querystring: adminPayoutsQuerySchema, response: { 200: payoutsPageSchema, ...errors } } },
      async (request) => {
        requireAdmin(request);
        return payoutsPage(deps, request.query.status, request.query.cursor);
      },
    );

    app.post(
      W.adminPayoutDestination,
      {
        // Each showing is a member's bank details, audited, and marks the payout as being sent (decision 233): a
        // script on an admin's session could otherwise take every waiting seller's details and stop their cancels.
        config: perUser(ADMIN_PAYOUT_DETAILS.max, `${ADMIN_PAYOUT_DETAILS.minutes} minutes`, {
          message: M.adminPayoutDetailsTooMany,
        }),
        schema: { tags, params, response: { 200: payoutDestinationSchema, ...errors } },
      },
      async (request, reply) => {
        const destination = await showPayoutDestination(deps, requireAdmin(request), request.params.id);
        return reply.header('cache-control', 'no-store').send(destination);
      },
    );

    app.post(
      W.adminPayoutPaid,
      { schema: { tags, params, body: payoutPaidSchema, response: { 200: ok, ...errors } } },
      async (request) => {
        const { reference, ...confirmations } = request.body;
        const admin = requireAdmin(request);
        await decidePayout(deps, admin, request.params.id, { paid: true, reference }, confirmations);
        return { ok: true as const };
      },
    );

    app.post(
      W.adminPayoutReference,
      { schema: { tags, params, body: payoutReferenceCorrectionSchema, response: { 200: ok, ...errors } } },
      async (request) => {
        await correctPayoutReference(deps, requireAdmin(request), request.params.id, request.body);
        return { ok: true as const };
      },
    );

    app.post(
      W.adminPayoutReject,
      { schema: { tags, params, body: payoutRejectSchema, response: { 200: ok, ...errors } } },
      async (request) => {
        const { reason } = request.body;
        await decidePayout(deps, requireAdmin(request), request.params.id, { paid: false, reason });
        return { ok: true as const };
      },
    );

    app.get(
      W.adminUserWallet,
      { schema: { tags, params, response: { 200: walletSchema, ...errors } } },
      async (request) => {
        requireAdmin(request);
        return walletOf(deps, request.params.id);
      },
    );

    app.post(
      W.adminCredit,
      { schema: { tags, params, body: balanceCreditSchema, response: { 200: walletSchema, ...errors } } },
      async (request) => {
        const admin = requireAdmin(request);
        return creditBalance(deps, admin, request.params.id, request.body);
      },
    );
  };
}
