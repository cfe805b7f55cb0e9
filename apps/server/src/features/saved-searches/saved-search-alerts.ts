import { formatPrice } from '@accountry/shared/listing-attributes';
import type { ListingCard } from '@accountry/shared/listing-schemas';
import type { Mail } from '../../email/mailer';
import { mailLayout } from '../../email/mail-layout';
import type { UnsubscribeLink } from '../../email/unsubscribe-links';

/** "3 new listings for your search": their titles and prices, and the search on /browse. */
export function newListingsMail(
  publicUrl: string,
  to: string,
  search: { label: string; path: string },
  listings: ListingCard[],
  more: boolean,
  unsubscribe: UnsubscribeLink,
): Mail {
  const what = listings.length === 1 && !more ? 'A new listing' : `${listings.length}${more ? '+' : ''} new listings`;
  return {
    to,
    subject: `${what} for your search ${search.label}`,
    ...mailLayout(
      `${what} for your search`,
      [
        search.label,
        ...listings.map((l) => `${l.title}: ${formatPrice(l.priceCents, l.currency)}`),
        ...(more ? ['More matched: see them all on Accountry.'] : []),
      ],
      { label: 'See the listings', url: `${publicUrl}${search.path}` },
      `You saved this search on Accountry. To stop these emails, turn its alerts off or delete it: ` +
        `${publicUrl}/saved-searches`,
      { unsubscribe },
    ),
  };
}
