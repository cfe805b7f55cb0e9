import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatPrice } from '@accountry/shared/listing-attributes';
import { OFFER_MESSAGES, type Offer } from '@accountry/shared/offers';
import { toast } from '../../lib/toast';
import { useSession } from '../../lib/session';
import { ConfirmDialog, type ConfirmOptions } from '../ui/confirm-dialog';
import type { BuyableListing } from './buy-now-button';
import { MakeOfferDialog } from './make-offer-dialog';
import { acceptCounterConfirm } from './accept-counter';
import { offerKeys, offersApi, refreshOffers } from './offers-api';
import { formatDateTime } from '../../lib/format-time';

/** `block`: one between the viewer and the seller (the listing page's), which refuses offers. */
type OfferableListing = BuyableListing & { negotiable: boolean; block?: 'viewer' | 'seller' | null };

/** The panel, where the focus goes once what it said changed under a dialog. */
const offerPanelElement = () => document.getElementById('offer');

const CLOSED_NOTES: Partial<Record<Offer['status'], string>> = {
  declined: 'The seller declined your last offer of',
  withdrawn: 'You withdrew your last offer of',
  expired: 'Your last offer expired:',
  closed: 'Your last offer was closed:',
};

/**
 * The viewer's offer on a listing (decision 180), for the listing page: its latest offer there, whether one may be
 * made now, and the "Make an offer" dialog. The page's main actions and the panel below them share it, so an accepted
 * offer turns "Buy now" into "Buy for" its price everywhere on the page. The page renders `dialog` once, where a
 * change of what the panel shows cannot unmount it while it closes.
 */
export function useListingOffer(listing: OfferableListing | undefined) {
  const { user } = useSession();
  const client = useQueryClient();
  const [dialogOpen, setDialogOpen] = useState(false);
  // One confirmation for the panel and the phone's bar: accepting the seller's price, withdrawing, declining.
  const [confirm, setConfirm] = useState<ConfirmOptions | null>(null);
  // Admins do not trade; a member asks whatever the listing says now, since an accepted offer outlives "negotiable".
  const enabled = !!listing && !listing.isOwner && !!user && user.role !== 'admin';
  const query = useQuery({
    queryKey: offerKeys.onListing('made', listing?.id ?? ''),
    queryFn: () => offersApi.list('made', null, listing!.id),
    enabled,
  });
  const latest = query.data?.items[0];
  const open =
    latest && (latest.status === 'pending' || latest.status === 'countered' || latest.status === 'accepted')
      ? latest
      : undefined;
  const canOffer = query.isSuccess && !open && !!listing?.negotiable && listing.status === 'active' && !listing.block;
  // What "Buy for" charges: the offer, or the listing's price if the seller has since asked less.
  const accepted = open?.status === 'accepted' ? open : undefined;
  const buyPrice =
    accepted && listing && formatPrice(Math.min(accepted.amountCents, listing.priceCents), accepted.currency);
  // The seller's price, accepted from the panel or the phone's bar once confirmed; a refusal is said in the dialog.
  const acceptCounter = useMutation({
    mutationFn: (id: string) => offersApi.answer(id, 'accept-counter'),
    onSuccess: () => toast.success(OFFER_MESSAGES.counterAccepted),
    onSettled: () => refreshOffers(client),
  });
  return {
    enabled,
    query,
    latest,
    buyPrice,
    accepted,
    canOffer,
    ask: setConfirm,
    askAcceptCounter: (o: Offer) =>
      setConfirm(acceptCounterConfirm(o, () => acceptCounter.mutateAsync(o.id), offerPanelElement)),
    openDialog: () => setDialogOpen(true),
    dialog: (
      <>
        {listing && (
          <MakeOfferDialog
            listing={listing}
            opened={dialogOpen}
            onClose={() => setDialogOpen(false)}
            onSent={() => offerPanelElement()?.focus()}
          />
        )}
        <ConfirmDialog options={confirm} onClose={() => setConfirm(null)} />
      </>
    ),
  };
}

export type ListingOffer = ReturnType<typeof useListingOffer>;

/** "Make an offer", as the page's buttons are drawn. */
export function MakeOfferButton({ offer, size }: { offer: ListingOffer; size?: string }) {
  if (!offer.canOffer) return null;
  return (
    <Button variant="light" size={size} leftSection={<IconCash size={18} aria-hidden />} onClick={offer.openDialog}>
      Make an offer
    </Button>
  );
}

/** "Accept" the seller's price, while the viewer's offer is answered with one. */
export function AcceptCounterButton({ offer, size }: { offer: ListingOffer; size?: string }) {
  const latest = offer.latest;
  if (latest?.status !== 'countered') return null;
  const asked = formatPrice(latest.counterCents ?? latest.amountCents, latest.currency);
  return (
    <Button size={size} onClick={() => offer.askAcceptCounter(latest)}>
      Accept {asked}
    </Button>
  );
}

/** Where the viewer's offer stands, under the listing's actions: waiting, accepted, or how the last one ended. */
export function OfferPanel({ offer }: { offer: ListingOffer }) {
  const client = useQueryClient();
  const status = useRef<HTMLDivElement>(null);
  // Opened from "Buy for" on the offers page or a mail (#offer): the panel is where the page starts.
  const loaded = offer.query.isSuccess;
  useEffect(() => {
    if (!loaded || window.location.hash !== '#offer') return;
    status.current?.scrollIntoView({ block: 'center' });
    status.current?.focus({ preventScroll: true });
  }, [loaded]);
  const withdraw = useMutation({
    mutationFn: (id: string) => offersApi.answer(id, 'withdraw'),
    onSuccess: () => toast.success(OFFER_MESSAGES.withdrawn),
    onSettled: () => refreshOffers(client),
  });
  if (!offer.enabled) return null;
  if (offer.query.isPending) return null;
  if (offer.query.isError)
    return (
      <Text size="sm" c="dimmed">
        Your offers on this listing could not be loaded.{' '}
        <Button variant="subtle" size="compact-sm" onClick={() => void offer.query.refetch()}>
          Try again
        </Button>
      </Text>
    );
  const latest = offer.latest;
  const amount = latest && formatPrice(latest.amountCents, latest.currency);
  const askWithdraw = (o: Offer) =>
    offer.ask({
      title: o.status === 'countered' ? "Decline the seller's price?" : 'Withdraw your offer?',
      message:
        o.status === 'accepted'
          ? `You can no longer buy at ${amount}; the seller is told by email.`
          : o.status === 'countered'
            ? 'The seller is told in the chat. You can make another offer.'
            : `The seller can no longer accept your offer of ${amount}.`,
      confirmLabel: o.status === 'countered' ? "Decline the seller's price" : 'Withdraw offer',
      danger: true,
      onConfirm: () => withdraw.mutateAsync(o.id),
      // The panel changes under the dialog: the focus goes to what it says now.
      returnFocusTo: () => status.current,
    });
  if (latest?.status === 'countered') {
    const asked = formatPrice(latest.counterCents ?? latest.amountCents, latest.currency);
    return (
      <Stack gap="xs" ref={status} tabIndex={-1} role="group" aria-label="Your offer" id="offer">
        <Alert color="blue" role="status" icon={<IconCash aria-hidden />} title={`The seller asks ${asked}`}>
          They answered your offer of {amount} with {asked}. Accept it by {formatDateTime(latest.expiresAt)} to buy at
          that price within 24 hours.
        </Alert>
        <AcceptCounterButton offer={offer} />
        <Button variant="subtle" color="gray" onClick={() => askWithdraw(latest)}>
          Decline
        </Button>
      </Stack>
    );
  }
  if (latest?.status === 'accepted' || latest?.status === 'pending')
    return (
      <Stack gap="xs" ref={status} tabIndex={-1} role="group" aria-label="Your offer" id="offer">
        {latest.status === 'accepted' ? (
          <Alert
            color="teal"
            role="status"
            icon={<IconCash aria-hidden />}
            title={latest.counterCents !== null ? "You accepted the seller's price" : 'Your offer was accepted'}
          >
            Buy for {offer.buyPrice} until {formatDateTime(latest.expiresAt)}. Until then, the listing stays on sale to
            others.
          </Alert>
        ) : (
          <Text size="sm">
            Waiting for the seller: they have until {formatDateTime(latest.expiresAt)} to answer your offer of {amount}.
          </Text>
        )}
        <Button variant="subtle" color="gray" onClick={() => askWithdraw(latest)}>
          Withdraw offer
        </Button>
      </Stack>
    );
  const declinedCounter = latest?.status === 'withdrawn' && latest.counterCents !== null;
  const note = declinedCounter ? "You declined the seller's price of" : latest && CLOSED_NOTES[latest.status];
  const noteAmount = declinedCounter ? formatPrice(latest.counterCents!, latest.currency) : amount;
  const bought = latest?.status === 'used';
  return (
    <Stack gap="xs" ref={status} tabIndex={-1} role="group" aria-label="Your offer" id="offer">
      {(note || bought) && (
        <Text size="sm" c="dimmed">
          {bought ? `You bought this account after your offer of ${amount} was accepted.` : `${note} ${noteAmount}.`}
        </Text>
      )}
      <MakeOfferButton offer={offer} />
    </Stack>
  );
}

/** On the seller's own listing: how many offers on it wait for an answer, and where to answer them. */
export function WaitingOffersNote({ listing }: { listing: { id: string; negotiable: boolean; isOwner: boolean } }) {
  const query = useQuery({
    queryKey: offerKeys.onListing('received', listing.id),
    queryFn: () => offersApi.list('received', null, listing.id),
    enabled: listing.isOwner && listing.negotiable,
  });
  const waiting = query.data?.items.filter((o) => o.status === 'pending').length ?? 0;
  if (!waiting) return null;
  return (
    <Text size="sm">
      {waiting === 1 ? 'An offer waits' : `${waiting}${query.data?.nextCursor ? '+' : ''} offers wait`} for your answer.{' '}
      <Anchor component={Link} to="/offers">
        Answer on the offers page
      </Anchor>
    </Text>
  );
}
