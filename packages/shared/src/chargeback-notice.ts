import type { OrderDetail } from './orders';
import { chargebackOwedBy } from './chargeback-recovery';
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

/**
 * An admin's words on a chargeback after the order was settled, before the link to the user page with the member's
 * balance: what the bank took is recovered with the order page's "Recover chargeback" (decision 183).
 */
const RECOVER = {
  seller: {
    open: (amount: string) =>
      `The seller was paid before the chargeback: if the bank decides for the buyer, the ${amount} it took is ` +
      "recovered from the seller's balance here. Their balance is on",
    lost: (amount: string) =>
      `The seller was paid before the chargeback and the bank took ${amount} back: recover it from the seller's ` +
      'balance below. Their balance is on',
    recovered: (amount: string) =>
      `The seller was paid before the chargeback and the bank took ${amount} back; it was recovered from the ` +
      "seller's balance.",
  },
  buyer: {
    open: (amount: string) =>
      "The buyer's card was refunded before the chargeback: if the bank decides for the buyer as well, the " +
      `${amount} it returns is recovered from the buyer's balance here. Their balance is on`,
    lost: (amount: string) =>
      `The buyer's card was refunded before the chargeback and the bank returned ${amount} to it again: recover it ` +
      "from the buyer's balance below. Their balance is on",
    recovered: (amount: string) =>
      `The buyer's card was refunded before the chargeback and the bank returned ${amount} to it again; it was ` +
      "recovered from the buyer's balance.",
  },
};

/** What the party who will be asked to give it back reads of a lost chargeback on a settled order. */
const TAKEN_BACK = {
  seller: (amount: string) =>
    `You were paid for this order before the chargeback. The bank returned ${amount} to the buyer, so an admin will ` +
    `take ${amount} back from your balance; you will see it in your balance history.`,
  buyer: (amount: string) =>
    `Your card was refunded before the chargeback and the bank returned ${amount} to it again, so an admin will ` +
    `take ${amount} back from your balance; you will see it in your balance history.`,
};

/**
 * A chargeback on an order settled before it (`settledBefore`): escrow held none of the money, so what the bank takes
 * is booked as owed to the platform and recovered by an admin (decision 183): from the seller when they were paid any
 * of it (the order completed, or refunded in part), else from the buyer (their card refunded in full, then charged
 * back too). The words for the side reading it, and for admins whose user page they end on (the link follows, until
 * it is recovered in full); null when the order was not settled before it, or there is nothing to say.
 */
export function settledChargebackText(
  order: Pick<OrderDetail, 'status' | 'priceCents' | 'refundedCents'>,
  c: Pick<Chargeback, 'status' | 'amountCents' | 'settledBefore'> & { recovery?: Chargeback['recovery'] },
  viewer: Viewer,
): { text: string; recoverFrom: 'seller' | 'buyer' | null } | null {
  if (!c.settledBefore || c.status === 'won') return null;
  const amount = formatCents(c.amountCents);
  const from = chargebackOwedBy(order);
  if (viewer === 'admin') {
    const done = c.status === 'lost' && c.recovery?.outstandingCents === 0 && c.recovery.recoveredCents > 0;
    return done
      ? { text: RECOVER[from].recovered(amount), recoverFrom: null }
      : { text: RECOVER[from][c.status](amount), recoverFrom: from };
  }
  return c.status === 'lost' && viewer === from ? { text: TAKEN_BACK[from](amount), recoverFrom: null } : null;
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
