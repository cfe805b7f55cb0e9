import type { ReactNode, RefObject } from 'react';
import { Link } from 'react-router';
import { ActionIcon, Button, Stack } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import type { ListingDetail } from '@accountry/shared/listing-detail';
import { formatPrice } from '@accountry/shared/listing-attributes';
import { LISTING_STATUS_LABELS } from '@accountry/shared/listings';
import { BuyNowButton, buyBlocker } from '../../../components/orders/buy-now-button';
import { AcceptCounterButton, MakeOfferButton, type ListingOffer } from '../../../components/orders/offer-panel';
import type { ConfirmOptions } from '../../../components/ui/confirm-dialog';
import { formatDateTime } from '../../../lib/format-time';
import { SellerBlockNote, UnblockSellerButton, sellerBlockNote } from './seller-block-note';

interface Viewer {
  listing: ListingDetail;
  offer: ListingOffer;
  ask: (options: ConfirmOptions) => void;
  /** Where the focus goes after unblocking when no "Buy now" is on screen. */
  priceCard: RefObject<HTMLElement | null>;
}

/** What a buyer can do, in the price card and, on a phone, in the sticky bar. */
export interface BuyerActions {
  card: ReactNode;
  bar: ReactNode;
}

const chatPath = (l: ListingDetail) => `/chat?listing=${encodeURIComponent(l.id)}`;

function MessageButton({ listing, subtle = false }: { listing: ListingDetail; subtle?: boolean }) {
  return (
    <Button
      component={Link}
      to={chatPath(listing)}
      size={subtle ? undefined : 'md'}
      variant={subtle ? 'subtle' : undefined}
      leftSection={<IconMessageCircle size={18} />}
    >
      Message the seller
    </Button>
  );
}

/** The chat as an icon, where the phone's bar has room for two buttons only. */
function MessageIcon({ listing, subtle }: { listing: ListingDetail; subtle: boolean }) {
  return (
    <ActionIcon
      component={Link}
      to={chatPath(listing)}
      size={42}
      aria-label="Message the seller"
      variant={subtle ? 'subtle' : 'default'}
      style={{ flex: '0 0 auto' }}
    >
      <IconMessageCircle size={20} />
    </ActionIcon>
  );
}

/** The phone bar's note: why nothing can be bought, or where the viewer's offer stands. */
export function listingBarNote(l: ListingDetail, offer: ListingOffer): string | undefined {
  if (l.status === 'sold' || l.status === 'reserved') return LISTING_STATUS_LABELS[l.status];
  if (l.block && !l.isOwner) return sellerBlockNote(l.block, l.negotiable);
  if (offer.accepted) return `Offer accepted: buy by ${formatDateTime(offer.accepted.expiresAt)}`;
  const latest = offer.latest;
  if (latest?.status === 'pending')
    return `Your offer of ${formatPrice(latest.amountCents, latest.currency)} is waiting`;
  if (latest?.status === 'countered')
    return `The seller asks ${formatPrice(latest.counterCents ?? 0, latest.currency)}`;
  return l.negotiable ? 'Price negotiable' : undefined;
}

/**
 * A block either way between the viewer and the seller shows no buying or offers, said up front instead of refused
 * later; while the viewer blocks the seller, lifting the block comes first (the chat would only say it cannot send).
 */
export function buyerActions({ listing: l, offer, ask, priceCard }: Viewer): BuyerActions {
  // After unblocking, the "Buy now" on screen (the price card's, or on a phone the bar's) takes the focus.
  const focusAfterUnblock = () =>
    Array.from(document.querySelectorAll<HTMLButtonElement>('[data-buy-now]')).find(
      (el) => !el.disabled && el.getClientRects().length > 0,
    ) ?? priceCard.current;
  const unblockProps = { listing: l, ask, returnFocusTo: focusAfterUnblock };
  // An accepted offer makes "Buy now" "Buy for" its price, here and in the phone's bar.
  const buyButton = <BuyNowButton listing={l} offer={offer.accepted} />;
  if (l.block) {
    const card = (
      <>
        {/* On a phone the bar says it, once. */}
        <SellerBlockNote block={l.block} negotiable={l.negotiable} visibleFrom="md" />
        {l.block === 'viewer' && (
          <Stack visibleFrom="md">
            <UnblockSellerButton {...unblockProps} />
            <MessageButton listing={l} subtle />
          </Stack>
        )}
      </>
    );
    const bar =
      l.block === 'viewer' ? (
        <>
          <UnblockSellerButton {...unblockProps} size="md" />
          <MessageIcon listing={l} subtle />
        </>
      ) : undefined;
    return { card, bar };
  }
  const buyAndMessage = (
    <>
      {buyButton}
      <MessageButton listing={l} />
    </>
  );
  return { card: <Stack visibleFrom="md">{buyAndMessage}</Stack>, bar: barOf(l, offer, buyAndMessage) };
}

/**
 * On a phone the bar holds two buttons: for a negotiable listing "Make an offer" takes the second, and the chat an
 * icon beside them; while the seller's price waits for an answer, accepting it is the first. A disabled "Buy now" and
 * its reason would crowd the bar: its note, the price card or an alert above say why.
 */
function barOf(l: ListingDetail, offer: ListingOffer, buyAndMessage: ReactNode): ReactNode {
  if (buyBlocker(l)) return <MessageButton listing={l} />;
  if (offer.latest?.status === 'countered')
    return (
      <>
        <AcceptCounterButton offer={offer} size="md" />
        <MessageButton listing={l} />
      </>
    );
  if (offer.canOffer)
    return (
      <>
        <BuyNowButton listing={l} offer={offer.accepted} />
        <MakeOfferButton offer={offer} size="md" />
        <MessageIcon listing={l} subtle={false} />
      </>
    );
  return buyAndMessage;
}
