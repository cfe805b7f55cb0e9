import { formatCents, type ChargebackHold } from './wallet';

/**
 * The words for money kept from payouts by chargebacks (decision 204), on the wallet page, in a refused payout request
 * and in the admin's warning before marking a payout paid. Neutral on who reads them: the member or an admin.
 */

/** The sentence's words either side of the order's title, so the page can make the title a link. */
export function chargebackHoldParts(hold: Pick<ChargebackHold, 'status' | 'heldCents'>): [string, string] {
  const amount = formatCents(hold.heldCents);
  return hold.status === 'open'
    ? [`${amount} is held while the chargeback on the order for “`, '” is open.']
    : [
        `${amount} is held until an admin recovers it: the bank decided for the cardholder in the chargeback on the order for “`,
        '”.',
      ];
}

/** "$150.00 is held while the chargeback on the order for “Fortnite account” is open." */
export function chargebackHoldText(hold: Pick<ChargebackHold, 'status' | 'heldCents' | 'listingTitle'>) {
  const [before, after] = chargebackHoldParts(hold);
  return `${before}${hold.listingTitle}${after}`;
}

const total = (holds: readonly ChargebackHold[]) => holds.reduce((sum, h) => sum + h.heldCents, 0);

/** One hold's sentence, or the sum of several (the wallet lists them). */
export function chargebackHoldsText(holds: readonly ChargebackHold[]) {
  const [only] = holds;
  if (holds.length === 1 && only) return chargebackHoldText(only);
  return `${formatCents(total(holds))} is held for chargebacks on ${holds.length} orders, listed in your wallet.`;
}

/** A payout request above what the chargebacks leave: how much may be asked for, and why the rest is held. */
export function payoutHeldMessage(payableCents: number, minimumCents: number, holds: readonly ChargebackHold[]) {
  const why = chargebackHoldsText(holds);
  return payableCents >= minimumCents
    ? `You can ask for at most ${formatCents(payableCents)}: ${why}`
    : `You cannot ask for a payout now: ${why}`;
}

/** Paying an order from the balance past what the chargebacks leave: how much may be spent, and why the rest is held. */
export function purchaseHeldMessage(payableCents: number, holds: readonly ChargebackHold[]) {
  return `You can pay at most ${formatCents(payableCents)} from your balance now: ${chargebackHoldsText(holds)}`;
}

/**
 * To the admin marking paid a payout whose member keeps less available than their chargebacks hold: marking paid
 * records money already sent, so it is a warning; rejecting instead keeps the amount in the member's balance.
 */
export function payoutAtStakeWarning(
  memberName: string,
  holds: readonly ChargebackHold[],
  availableCents: number,
  payoutCents: number,
) {
  const [only] = holds;
  const held = formatCents(total(holds));
  const what =
    holds.length === 1 && only
      ? `a chargeback on the order for “${only.listingTitle}”`
      : `chargebacks on ${holds.length} orders`;
  const lost = formatCents(Math.min(payoutCents, total(holds) - availableCents));
  return (
    `${memberName} has ${held} held for ${what} and only ${formatCents(availableCents)} available beside this ` +
    `payout: once it is paid, ${lost} of it may never be recovered. If you have not sent it yet, reject it instead; ` +
    'the amount then stays in their balance until the chargeback is settled.'
  );
}
