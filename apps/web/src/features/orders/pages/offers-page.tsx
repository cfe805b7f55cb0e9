import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, Container, EmptyState, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { formatPrice } from '@accountry/shared/listing-attributes';
import { OFFER_MESSAGES, OFFER_RULES, type Offer } from '@accountry/shared/offers';
import { ConfirmDialog, type ConfirmOptions } from '../../../components/ui/confirm-dialog';
import {
  offerKeys,
  offersApi,
  refreshOffers,
  type OfferAnswer,
  type OfferSide,
} from '../../../components/orders/offers-api';
import { toast } from '../../../lib/toast';
import { OfferListItem, offerTitleId } from '../components/offer-list-item';
import { useSession } from '../../../lib/session';
import { PagedList } from '../components/paged-list';
import { CounterOfferDialog } from '../components/counter-offer-dialog';
import { useWaitingCounts } from '../../../components/orders/waiting';
import { WaitingBadge } from '../../../components/orders/waiting-badge';

const SIDES: Record<OfferSide, string> = { received: 'Received', made: 'Made' };
const DONE: Record<OfferAnswer, string> = {
  accept: OFFER_MESSAGES.accepted,
  decline: OFFER_MESSAGES.declined,
  withdraw: OFFER_MESSAGES.withdrawn,
  'accept-counter': OFFER_MESSAGES.counterAccepted,
};

/** /offers: offers received on one's negotiable listings and offers made on others', newest first (decision 180). */
export function Component() {
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const { user } = useSession();
  // A buyer's account receives none: it opens on what it made.
  const defaultSide: OfferSide = user?.role === 'buyer' ? 'made' : 'received';
  const asked = params.get('side');
  const side: OfferSide = asked === 'made' || asked === 'received' ? asked : defaultSide;
  const [confirm, setConfirm] = useState<ConfirmOptions | null>(null);
  const { data: waiting } = useWaitingCounts();
  const waitingOn: Record<OfferSide, number> = {
    received: waiting?.offersReceived ?? 0,
    made: waiting?.offersMade ?? 0,
  };
  const query = useInfiniteQuery({
    queryKey: offerKeys.pages(side),
    queryFn: ({ pageParam }) => offersApi.list(side, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const answer = useMutation({
    mutationFn: ({ offer, verb }: { offer: Offer; verb: OfferAnswer }) => offersApi.answer(offer.id, verb),
    onSuccess: (_offer, { verb }) => toast.success(DONE[verb]),
    onSettled: () => refreshOffers(client),
  });
  const [countering, setCountering] = useState<Offer | null>(null);
  const ask = (offer: Offer, verb: OfferAnswer | 'counter') => {
    if (verb === 'counter') return setCountering(offer);
    const amount = formatPrice(offer.amountCents, offer.currency);
    const run = () => answer.mutateAsync({ offer, verb });
    // The row stays, its buttons change: the focus goes back to its title.
    const returnFocusTo = () => document.getElementById(offerTitleId(offer.id));
    if (verb === 'accept')
      return setConfirm({
        title: 'Accept this offer?',
        message: `${offer.buyerName} can then buy “${offer.listing.title}” for ${amount} within ${OFFER_RULES.buyHours} hours. Until someone buys it, the listing stays on sale at its price.`,
        confirmLabel: `Accept ${amount}`,
        onConfirm: run,
        returnFocusTo,
      });
    if (verb === 'accept-counter') {
      const asked = formatPrice(offer.counterCents ?? offer.amountCents, offer.currency);
      return setConfirm({
        title: "Accept the seller's price?",
        message: `You can then buy “${offer.listing.title}” for ${asked} within ${OFFER_RULES.buyHours} hours, from its page.`,
        confirmLabel: `Accept ${asked}`,
        onConfirm: run,
        returnFocusTo,
      });
    }
    if (verb === 'decline')
      return setConfirm({
        title: 'Decline this offer?',
        message: `${offer.buyerName} is told by email, and can make another offer.`,
        confirmLabel: 'Decline offer',
        danger: true,
        onConfirm: run,
        returnFocusTo,
      });
    if (offer.status === 'countered')
      return setConfirm({
        title: "Decline the seller's price?",
        message: 'The seller is told in the chat. You can make another offer.',
        confirmLabel: "Decline the seller's price",
        danger: true,
        onConfirm: run,
        returnFocusTo,
      });
    setConfirm({
      title: 'Withdraw your offer?',
      message: `The seller can no longer accept your offer of ${amount}${offer.status === 'accepted' ? ', and you can no longer buy at that price' : ''}.`,
      confirmLabel: 'Withdraw offer',
      danger: true,
      onConfirm: run,
      returnFocusTo,
    });
  };

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>Offers</Title>
          <Text c="dimmed">
            Prices offered on negotiable listings. A seller answers within {OFFER_RULES.answerHours} hours; an accepted
            offer is bought within {OFFER_RULES.buyHours} hours.
          </Text>
        </div>
        <Tabs value={side} onChange={(v) => v && setParams({ side: v }, { replace: true, preventScrollReset: true })}>
          <Tabs.List>
            {(Object.keys(SIDES) as OfferSide[]).map((s) => (
              <Tabs.Tab key={s} value={s} rightSection={<WaitingBadge count={waitingOn[s]} />}>
                {SIDES[s]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <PagedList
          query={query}
          label={`${SIDES[side]} offers`}
          loading="Loading your offers…"
          failed="Your offers could not be loaded"
          empty={
            <EmptyState
              icon={<IconCash />}
              title={side === 'received' ? 'No offers received yet' : 'No offers made yet'}
              description={
                side === 'received'
                  ? 'Buyers can make offers on listings marked "Price negotiable".'
                  : 'On a listing marked "Price negotiable", use "Make an offer" to propose your price.'
              }
            >
              {side === 'made' && (
                <Button component={Link} to="/browse?negotiable=true">
                  Browse negotiable accounts
                </Button>
              )}
            </EmptyState>
          }
        >
          {(o) => <OfferListItem key={o.id} offer={o} side={side} busy={answer.isPending} onAnswer={ask} />}
        </PagedList>
      </Stack>
      <ConfirmDialog options={confirm} onClose={() => setConfirm(null)} />
      <CounterOfferDialog
        offer={countering}
        onClose={() => setCountering(null)}
        onSent={(o) => requestAnimationFrame(() => document.getElementById(offerTitleId(o.id))?.focus())}
      />
    </Container>
  );
}
