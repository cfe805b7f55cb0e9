import { formatCents, type SaleSplit } from '@accountry/shared/wallet';

/** "Sale price $99.00, platform fee $4.95, paid to your balance $94.05." (with a partial refund's part when one was). */
export function saleSplitText(sale: SaleSplit) {
  const parts = [
    `Sale price ${formatCents(sale.priceCents)}`,
    ...(sale.refundedCents > 0 ? [`refunded to the buyer ${formatCents(sale.refundedCents)}`] : []),
    `platform fee ${formatCents(sale.feeCents)}`,
    `paid to your balance ${formatCents(sale.paidCents)}`,
  ];
  return `${parts.join(', ')}.`;
}
