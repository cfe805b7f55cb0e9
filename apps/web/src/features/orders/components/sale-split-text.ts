import { platformFeeCents } from '@accountry/shared/order-state';
import { formatCents, type SaleSplit } from '@accountry/shared/wallet';

/**
 * "Sale price $99.00, platform fee $4.95, you received $94.05." After a partial refund the fee names what it was taken
 * on: "platform fee (5% of $14.00) $0.70", or "(on $14.00)" when the configured percent did not take that fee.
 */
export function saleSplitText(sale: SaleSplit, feePercent?: number) {
  const kept = sale.priceCents - sale.refundedCents;
  const base =
    feePercent !== undefined && platformFeeCents(kept, feePercent) === sale.feeCents
      ? `${feePercent}% of ${formatCents(kept)}`
      : `on ${formatCents(kept)}`;
  const parts = [
    `Sale price ${formatCents(sale.priceCents)}`,
    ...(sale.refundedCents > 0
      ? [
          `refunded to the buyer ${formatCents(sale.refundedCents)}`,
          `platform fee (${base}) ${formatCents(sale.feeCents)}`,
        ]
      : [`platform fee ${formatCents(sale.feeCents)}`]),
    `you received ${formatCents(sale.paidCents)}`,
  ];
  return `${parts.join(', ')}.`;
}
