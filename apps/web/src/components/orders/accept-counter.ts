import { formatPrice } from '@accountry/shared/listing-attributes';
import { OFFER_RULES, type Offer } from '@accountry/shared/offers';
import type { ConfirmOptions } from '../ui/confirm-dialog';

/**
 * What the buyer is asked before accepting the seller's price (decision 180): the same question on the offers page and
 * on the listing page (its panel and a phone's bar), so accepting is one way wherever it is offered.
 */
export function acceptCounterConfirm(
  offer: Offer,
  accept: () => Promise<unknown>,
  returnFocusTo: ConfirmOptions['returnFocusTo'],
): ConfirmOptions {
  const asked = formatPrice(offer.counterCents ?? offer.amountCents, offer.currency);
  return {
    title: "Accept the seller's price?",
    message: `You can then buy “${offer.listing.title}” for ${asked} within ${OFFER_RULES.buyHours} hours, from its page.`,
    confirmLabel: `Accept ${asked}`,
    onConfirm: accept,
    returnFocusTo,
  };
}
