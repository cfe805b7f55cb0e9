import { formatPrice } from '@accountry/shared/listing-attributes';
import { mailLayout } from '../../email/mail-layout';
import type { Mail } from '../../email/mailer';
import { mailTime } from '../../email/mail-time';

/** The words sent with a price, as written (the chat holds them too, where the answer can follow). */
const quotedNote = (note: string) => (note ? [`They wrote: “${note}”`] : []);

interface OfferFacts {
  title: string;
  amountCents: number;
  priceCents: number;
  currency: string;
}

/** The seller hears of a new offer (decision 180): it lapses unanswered after 48 hours. */
export function offerMadeMail(
  publicUrl: string,
  to: string,
  o: OfferFacts & { buyerName: string; expiresAt: number; note: string },
) {
  const amount = formatPrice(o.amountCents, o.currency);
  return {
    to,
    subject: `New offer on "${o.title}": ${amount}`,
    ...mailLayout(
      'You have a new offer',
      [
        `${o.buyerName} offers ${amount} for "${o.title}" (your price: ${formatPrice(o.priceCents, o.currency)}).`,
        ...quotedNote(o.note),
        `Accept or decline it by ${mailTime(o.expiresAt)} (UTC); after that it expires. If you accept, the buyer has ` +
          '24 hours to buy at that price, and the listing stays on sale until someone buys it.',
      ],
      { label: 'Answer the offer', url: `${publicUrl}/offers` },
      'You get this email because a buyer made an offer on your listing.',
    ),
  } satisfies Mail;
}

/**
 * The buyer hears the seller's answer. A decline may come after the listing left the site (`removed`): it is then
 * named as the buyer offered on it, and the link is to their offers, not to a page they can no longer open.
 */
export function offerAnsweredMail(
  publicUrl: string,
  to: string,
  o: OfferFacts & { accepted: boolean; listingUrl: string; expiresAt: number; removed?: boolean },
) {
  const amount = formatPrice(o.amountCents, o.currency);
  const price = formatPrice(o.priceCents, o.currency);
  return {
    to,
    subject: o.accepted ? `Your offer on "${o.title}" was accepted` : `Your offer on "${o.title}" was declined`,
    ...mailLayout(
      o.accepted ? 'Your offer was accepted' : 'Your offer was declined',
      o.accepted
        ? [
            `The seller accepted your offer of ${amount} for "${o.title}".`,
            `Buy it at that price by ${mailTime(o.expiresAt)} (UTC). Until you do, the listing stays on sale to others.`,
          ]
        : o.removed
          ? [
              `The seller declined your offer of ${amount} for "${o.title}" (the price was ${price}).`,
              'The listing is no longer on the site.',
            ]
          : [
              `The seller declined your offer of ${amount} for "${o.title}" (the price is ${price}).`,
              'You can make another offer, or ask the seller in the chat what price would work.',
            ],
      o.removed
        ? { label: 'Open your offers', url: `${publicUrl}/offers` }
        : { label: 'Open the listing', url: `${publicUrl}${o.listingUrl}` },
      'You get this email because you made an offer on this listing.',
    ),
  } satisfies Mail;
}

/** The seller who accepted hears that the buyer withdrew: the sale they expected will not come. */
export function offerWithdrawnMail(
  publicUrl: string,
  to: string,
  o: { title: string; amountCents: number; currency: string; buyerName: string },
) {
  const amount = formatPrice(o.amountCents, o.currency);
  return {
    to,
    subject: `An offer on "${o.title}" was withdrawn`,
    ...mailLayout(
      'An accepted offer was withdrawn',
      [
        `${o.buyerName} withdrew the offer of ${amount} for "${o.title}" that you accepted: they will not buy at that ` +
          'price. The listing stays on sale at its own price.',
      ],
      { label: 'Open your offers', url: `${publicUrl}/offers` },
      'You get this email because you accepted this offer.',
    ),
  } satisfies Mail;
}

/** The buyer's accepted offer ends soon: the agreed price is theirs for a few hours more. */
export function offerEndingMail(
  publicUrl: string,
  to: string,
  o: { title: string; amountCents: number; currency: string; expiresAt: number; listingUrl: string },
) {
  const amount = formatPrice(o.amountCents, o.currency);
  return {
    to,
    subject: `Your accepted offer on "${o.title}" ends soon`,
    ...mailLayout(
      'Your accepted offer ends soon',
      [
        `The seller accepted your offer of ${amount} for "${o.title}". Buy it at that price by ${mailTime(o.expiresAt)} ` +
          '(UTC); after that the offer expires and the listing is sold at its own price.',
      ],
      { label: 'Buy at your price', url: `${publicUrl}${o.listingUrl}` },
      'You get this email because the seller accepted your offer.',
    ),
  } satisfies Mail;
}

/** The buyer hears the seller's price in answer to their offer: theirs to accept within 48 hours. */
export function offerCounteredMail(
  publicUrl: string,
  to: string,
  o: {
    title: string;
    amountCents: number;
    counterCents: number;
    currency: string;
    expiresAt: number;
    listingUrl: string;
    note: string;
  },
) {
  const counter = formatPrice(o.counterCents, o.currency);
  return {
    to,
    subject: `The seller of "${o.title}" answered your offer with ${counter}`,
    ...mailLayout(
      'The seller named a price',
      [
        `The seller answered your offer of ${formatPrice(o.amountCents, o.currency)} for "${o.title}" with ${counter}.`,
        ...quotedNote(o.note),
        `Accept it by ${mailTime(o.expiresAt)} (UTC) to buy at that price within 24 hours, or decline it; after that it ` +
          'expires.',
      ],
      { label: 'Answer the seller', url: `${publicUrl}${o.listingUrl}` },
      'You get this email because you made an offer on this listing.',
    ),
  } satisfies Mail;
}

/** The seller hears that the buyer accepted their price: a sale may follow within 24 hours. */
export function counterAcceptedMail(
  publicUrl: string,
  to: string,
  o: { title: string; amountCents: number; currency: string; buyerName: string },
) {
  const amount = formatPrice(o.amountCents, o.currency);
  return {
    to,
    subject: `${o.buyerName} accepted your price of ${amount} for "${o.title}"`,
    ...mailLayout(
      'Your price was accepted',
      [
        `${o.buyerName} accepted your price of ${amount} for "${o.title}", and has 24 hours to buy at it. The listing ` +
          'stays on sale at its own price until someone buys it.',
      ],
      { label: 'Open your offers', url: `${publicUrl}/offers` },
      'You get this email because you answered an offer with a price.',
    ),
  } satisfies Mail;
}
