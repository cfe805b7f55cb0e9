import type { CardRefund } from '@accountry/shared/refused-refunds';
import type { refundsOfOrder } from './stripe-refunds.repository';

/** A card refund as the order's admin page shows it (decision 095). */
export function cardRefundView(r: Awaited<ReturnType<typeof refundsOfOrder>>[number]): CardRefund {
  return {
    key: r.idempotencyKey,
    amountCents: r.amountCents,
    status: r.status,
    stripeError: r.status === 'sent' ? null : r.lastError,
    attempts: r.attempts,
    createdAt: r.createdAt,
    sentAt: r.sentAt,
    settlement:
      r.status === 'settled' && r.settledAt !== null
        ? {
            reference: r.settledReference ?? '',
            byName: r.settledByName ?? null,
            at: r.settledAt,
            coveredByChargebackCents: r.coveredByChargebackCents,
          }
        : null,
  };
}
