import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@accountry/shared/api-error';
import { ORDER_MESSAGES as M } from '@accountry/shared/order-messages';
import { ORDER_ROUTES as R } from '@accountry/shared/orders';
import type { AppDeps } from '../../app';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { ordersContext } from './orders-context';
import { findOrder } from './orders.repository';
import { confirmPayment } from './orders.service';
import { recordChargeback } from './chargebacks.service';
import { recordRefundFailure } from './refund-failures.service';
import { recordRefundedPaymentDispute } from './refunded-payment-disputes.service';
import { unpayableRefundKey } from './stripe-refunds.repository';

const receivedSchema = z.object({
  received: z.literal(true),
  outcome: z.enum(['paid', 'duplicate', 'refunded', 'ignored', 'opened', 'won', 'lost', 'refund_failed']),
});
const received = (outcome: z.infer<typeof receivedSchema>['outcome']) => ({ received: true as const, outcome });

/**
 * Provider webhooks (decision 095): the body stays raw for signature checks (the provider verifies it in
 * parseWebhook). A confirmed payment moves its order to paid once; a replay answers 200 and changes nothing; an
 * unknown order is a 400; a payment for an order that can no longer be paid is refunded in full. A chargeback holds,
 * frees or refunds its order (decision 183); one of a payment refunded so is recorded apart (decision 244). A card
 * refund that failed waits for an admin (decision 234).
 */
export function paymentWebhookRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const ctx = ordersContext(deps);
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

    app.post(
      R.webhook,
      {
        bodyLimit: 256 * 1024,
        schema: {
          tags: ['orders'],
          params: z.object({ provider: z.string().max(32) }),
          response: { 200: receivedSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      async (request) => {
        // Any provider this process reaches, not only the one new orders use: its earlier orders still hear from it.
        const provider = ctx.providerNamed(request.params.provider);
        if (!provider) throw notFound();
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const payment = await provider.parseWebhook({ rawBody, headers: request.headers });
        if (!payment) return received('ignored');
        const order = await findOrder(deps.db.db, payment.orderId);
        if (!order || order.provider !== provider.name) throw badRequest(M.unknownPayment);
        if (payment.kind === 'chargeback' && order.providerRef !== payment.providerRef) {
          // Not the order's payment: a second one, refunded at once, may be disputed too (decision 244).
          const outcome = await recordRefundedPaymentDispute(ctx, payment);
          const seen = { orderId: order.id, disputeId: payment.id, paymentRef: payment.providerRef, outcome };
          request.log.warn({ ...seen, dispute: payment.status }, 'refunded payment disputed');
          return received(outcome);
        }
        if (payment.kind === 'chargeback') {
          const outcome = await recordChargeback(ctx, payment);
          request.log.warn({ orderId: order.id, chargeback: payment.status, outcome }, 'card chargeback reported');
          return received(outcome);
        }
        if (payment.kind === 'refund_failed') {
          const outcome = await recordRefundFailure(ctx, payment);
          request.log.warn({ orderId: order.id, refund: payment.providerRefundId, outcome }, 'card refund failed');
          return received(outcome);
        }
        try {
          await confirmPayment(ctx, payment.orderId, payment.amountCents, payment.providerRef);
          return received('paid');
        } catch (err) {
          if (!(err instanceof AppError && err.statusCode === 409)) throw err;
        }
        const now = await findOrder(deps.db.db, payment.orderId);
        // Stripe delivers an event again until it is answered with 2xx: the same payment is already recorded.
        if (now?.paidAt != null && now.providerRef === payment.providerRef) return received('duplicate');
        // Paid after the order expired or was canceled: the money goes straight back (same key on every retry).
        const key = unpayableRefundKey(order.id, payment.providerRef);
        // No order change goes with this refund: owing it is a write of its own.
        await provider.oweRefund(deps.db.db, { ...order, providerRef: payment.providerRef }, payment.amountCents, key);
        await provider.sendRefund(key);
        request.log.warn({ orderId: order.id, status: now?.status }, 'refunded a payment for an unpayable order');
        return received('refunded');
      },
    );
  };
}
