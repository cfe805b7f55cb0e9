import { formatPrice } from '@accountry/shared/listing-attributes';
import type { Database } from '../../db/database';
import type { OffersTable } from '../../db/schema';
import { mailLayout } from '../../email/mail-layout';
import { queueMailToUser } from '../../email/mail-to-user';

/** How an open offer ended without the side this mail goes to doing anything (decision 180). */
export type OfferEnd =
  | { kind: 'counterDeclined'; buyerName: string }
  | { kind: 'lapsed' }
  | { kind: 'sold' }
  | { kind: 'removed' }
  | { kind: 'accountClosed'; closedSide: 'buyer' | 'seller' };

type Offer = Pick<
  OffersTable,
  'listingId' | 'buyerId' | 'sellerId' | 'amountCents' | 'currency' | 'listingTitle' | 'status' | 'counterCents'
>;

const FOR_BUYER = 'You get this email because you made an offer on this listing.';
const FOR_SELLER = 'You get this email because a buyer made an offer on your listing.';
const STILL_ON_SALE = 'The listing stays on sale at its own price.';

/** The side left waiting, and what it reads; `offer.status` is the status the offer ended from. */
function text(publicUrl: string, o: Offer, end: OfferEnd) {
  const title = o.listingTitle;
  const amount = formatPrice(o.amountCents, o.currency);
  const counter = formatPrice(o.counterCents ?? o.amountCents, o.currency);
  const offers = { label: 'Open your offers', url: `${publicUrl}/offers` };
  if (end.kind === 'counterDeclined')
    return {
      to: 'seller' as const,
      subject: `The buyer declined your price for "${title}"`,
      heading: 'Your price was declined',
      lines: [`${end.buyerName} declined your price of ${counter} for "${title}". ${STILL_ON_SALE}`],
      link: offers,
      footer: 'You get this email because you answered an offer with a price.',
    };
  if (end.kind === 'sold')
    return {
      to: 'buyer' as const,
      subject: `"${title}" was sold to another buyer`,
      heading: 'The account was sold',
      lines: [`"${title}" was sold to another buyer, so your offer of ${amount} is closed.`],
      link: offers,
      footer: FOR_BUYER,
    };
  if (end.kind === 'removed')
    return {
      to: 'buyer' as const,
      subject: `"${title}" was removed`,
      heading: 'The listing was removed',
      lines: [`"${title}" is no longer on Accountry, so your offer of ${amount} is closed.`],
      link: offers,
      footer: FOR_BUYER,
    };
  if (end.kind === 'accountClosed') {
    const to = end.closedSide === 'buyer' ? ('seller' as const) : ('buyer' as const);
    return {
      to,
      subject: `An offer on "${title}" was closed`,
      heading: 'An offer was closed',
      lines: [`The offer of ${amount} for "${title}" is closed: the ${end.closedSide}'s account was closed.`],
      link: offers,
      footer: to === 'buyer' ? FOR_BUYER : FOR_SELLER,
    };
  }
  if (o.status === 'pending')
    return {
      to: 'buyer' as const,
      subject: `Your offer on "${title}" expired`,
      heading: 'Your offer expired',
      lines: [
        `The seller did not answer your offer of ${amount} for "${title}" within 48 hours, so it expired.`,
        'You can make another offer, or buy at the listing’s price while it is on sale.',
      ],
      link: { label: 'Open the listing', url: `${publicUrl}/account/${o.sellerId}/${o.listingId}` },
      footer: FOR_BUYER,
    };
  if (o.status === 'countered')
    return {
      to: 'seller' as const,
      subject: `Your price for "${title}" expired`,
      heading: 'Your price expired',
      lines: [`The buyer did not answer your price of ${counter} for "${title}" within 48 hours. ${STILL_ON_SALE}`],
      link: offers,
      footer: 'You get this email because you answered an offer with a price.',
    };
  return {
    to: 'seller' as const,
    subject: `The accepted offer on "${title}" was not bought`,
    heading: 'An accepted offer was not bought',
    lines: [`The buyer did not buy "${title}" at the ${amount} you accepted within 24 hours. ${STILL_ON_SALE}`],
    link: offers,
    footer: 'You get this email because you accepted this offer.',
  };
}

/** Queue the mail of an offer's end to the side left waiting, in the transaction that ends it. */
export function queueOfferEndMail(trx: Database, publicUrl: string, offer: Offer, end: OfferEnd, now: number) {
  const t = text(publicUrl, offer, end);
  const body = mailLayout(t.heading, t.lines, t.link, t.footer);
  const userId = t.to === 'buyer' ? offer.buyerId : offer.sellerId;
  return queueMailToUser(trx, userId, (to) => ({ to: to.email, subject: t.subject, ...body }), now);
}
