import type { OrderDetail } from './orders';
import { formatCents } from './wallet';

/** The words of the order page's chargeback notice (decision 183) that depend on amounts, for the side reading it. */
type Chargeback = NonNullable<OrderDetail['chargeback']>;
type Viewer = OrderDetail['viewerRole'];

/** "$50.00 of the $200.00 card payment" when the bank disputes part of it; "$200.00 of the card payment" for all. */
export function disputedPartText(amountCents: number, priceCents: number) {
  return amountCents < priceCents
    ? `${formatCents(amountCents)} of the ${formatCents(priceCents)} card payment`
    : `${formatCents(amountCents)} of the card payment`;
}

/**
 * What a lost chargeback did to an order escrow still held: refunded in full; partly, the rest to the seller (it was
 * delivered); or the rest to the buyer's balance (it was not, and Stripe refunds nothing of a charged-back payment).
 */
export function chargebackLostText(
  order: Pick<OrderDetail, 'priceCents' | 'refundedCents'>,
  c: Pick<Chargeback, 'amountCents'>,
  viewer: Viewer,
) {
  const bank = c.amountCents;
  if (bank >= order.priceCents) return 'The payment went back to the card, so the order is refunded.';
  const card = viewer === 'buyer' ? 'your card' : "the buyer's card";
  if (order.refundedCents > bank) {
    const balance = viewer === 'buyer' ? 'your Accountry balance' : "the buyer's Accountry balance";
    const rest = formatCents(order.refundedCents - bank);
    return `The bank returned ${formatCents(bank)} to ${card} and the other ${rest} went to ${balance}, so the order is refunded in full.`;
  }
  const rest =
    viewer === 'seller'
      ? 'the rest of the sale, less the platform fee, was paid to your balance'
      : 'the rest of the payment went to the seller, less the platform fee, as in a partial refund';
  return `The bank returned ${formatCents(bank)} to ${card}; ${rest}.`;
}

/** For admins: Stripe's dispute fee, a cost of the platform's; null when Stripe charged none. */
export function disputeFeeText(fee: NonNullable<Chargeback['fee']>) {
  if (fee.chargedCents === 0) return null;
  const charged = `Stripe charged the platform a ${formatCents(fee.chargedCents)} dispute fee, booked as the platform's cost.`;
  if (fee.returnedCents >= fee.chargedCents)
    return `${charged} Stripe gave it back when the bank decided for the seller.`;
  if (fee.returnedCents > 0) return `${charged} Stripe gave back ${formatCents(fee.returnedCents)} of it.`;
  return charged;
}

/** Followed by a link to the seller's user page: the fee is never taken from the seller on its own. */
export const DISPUTE_FEE_RECOVERY =
  'It is not charged to the seller; if they should bear it, use a balance correction on';
