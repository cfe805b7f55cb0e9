import { useQueryClient } from '@tanstack/react-query';
import { formatPrice } from '@accountry/shared/listing-attributes';
import { OFFER_MESSAGES, OFFER_RULES, lowestOffer } from '@accountry/shared/offers';
import { CHAT_MESSAGE_MAX_LENGTH } from '@accountry/shared/chat';
import { toast } from '../../lib/toast';
import { AmountDialog } from '../ui/amount-dialog';
import { offersApi, refreshOffers } from './offers-api';

interface Props {
  listing: { id: string; title: string; priceCents: number; currency: string };
  opened: boolean;
  onClose: () => void;
  /** After the offer went: the button that opened the dialog is gone, the caller says where the focus goes. */
  onSent: () => void;
}

/** "Make an offer": an amount between half the price and the price, checked here and again by the server. */
export function MakeOfferDialog({ listing, opened, onClose, onSent }: Props) {
  const client = useQueryClient();
  const lowest = lowestOffer(listing.priceCents);
  // An offer made meanwhile (another tab) or a limit: the page learns what is true now.
  const refresh = () => void refreshOffers(client);
  return (
    <AmountDialog
      opened={opened}
      title="Make an offer"
      intro={
        <>
          The price of “{listing.title}” is {formatPrice(listing.priceCents, listing.currency)}. The seller has{' '}
          {OFFER_RULES.answerHours} hours to answer; if they accept, you have {OFFER_RULES.buyHours} hours to buy at
          your price.
        </>
      }
      label={`Your offer (${listing.currency})`}
      hint={`At least ${formatPrice(lowest, listing.currency)}, half the price.`}
      currency={listing.currency}
      submitLabel="Send offer"
      check={(cents) =>
        cents === null
          ? 'Enter the amount you offer.'
          : cents < lowest
            ? OFFER_MESSAGES.tooLow(listing.priceCents, listing.currency)
            : cents >= listing.priceCents
              ? OFFER_MESSAGES.notBelowPrice
              : null
      }
      note={{
        label: 'Message to the seller',
        placeholder: 'What you would like to ask or agree, e.g. what comes with the account',
        max: CHAT_MESSAGE_MAX_LENGTH,
      }}
      send={async (cents, note) => {
        await offersApi.make(listing.id, cents, note);
        toast.success(OFFER_MESSAGES.sent);
        refresh();
      }}
      onClose={onClose}
      onSent={onSent}
      onFailed={refresh}
    />
  );
}
