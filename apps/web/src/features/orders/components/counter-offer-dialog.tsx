import { useQueryClient } from '@tanstack/react-query';
import { formatPrice } from '@accountry/shared/listing-attributes';
import { OFFER_MESSAGES, OFFER_RULES, type Offer } from '@accountry/shared/offers';
import { CHAT_MESSAGE_MAX_LENGTH } from '@accountry/shared/chat';
import { offersApi, refreshOffers } from '../../../components/orders/offers-api';
import { AmountDialog } from '../../../components/ui/amount-dialog';
import { toast } from '../../../lib/toast';

/** The seller answers an offer with a price of their own: more than the offer, less than the listing's price. */
export function CounterOfferDialog(props: { offer: Offer | null; onClose: () => void; onSent: (o: Offer) => void }) {
  const { offer, onClose, onSent } = props;
  const client = useQueryClient();
  // The buyer acted first (withdrew) or the listing moved: the list learns what is true now.
  const refresh = () => void refreshOffers(client);
  if (!offer) return null;
  const between = OFFER_MESSAGES.counterBetween(offer.amountCents, offer.listing.priceCents, offer.currency);
  return (
    <AmountDialog
      opened
      title="Make a counter-offer"
      intro={
        <>
          {offer.buyerName} offers {formatPrice(offer.amountCents, offer.currency)} for “{offer.listing.title}”. Answer
          with your price: they have {OFFER_RULES.answerHours} hours to accept it, then {OFFER_RULES.buyHours} hours to
          buy at it.
        </>
      }
      label={`Your price (${offer.currency})`}
      hint={between}
      currency={offer.currency}
      submitLabel="Send counter-offer"
      check={(cents) =>
        cents !== null && cents > offer.amountCents && cents < offer.listing.priceCents ? null : between
      }
      note={{
        label: 'Message to the buyer',
        placeholder: 'Why this price, or what comes with it',
        max: CHAT_MESSAGE_MAX_LENGTH,
      }}
      send={async (cents, note) => {
        await offersApi.counter(offer.id, cents, note);
        toast.success(OFFER_MESSAGES.countered);
        refresh();
      }}
      onClose={onClose}
      onSent={() => onSent(offer)}
      onFailed={refresh}
    />
  );
}
