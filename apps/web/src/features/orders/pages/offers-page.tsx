import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, Container, EmptyState, SegmentedControl, Stack, Tabs, Text, Title } from '@mantine/core';
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
  type OfferFilter,
  type OfferSide,
} from '../../../components/orders/offers-api';
import { toast } from '../../../lib/toast';
import { OfferListItem, offerTitleId } from '../components/offer-list-item';
import { useSession } from '../../../lib/session';
import { PagedList } from '../components/paged-list';
import { CounterOfferDialog } from '../components/counter-offer-dialog';
import { useWaitingCounts } from '../../../components/orders/waiting';
import { acceptCounterConfirm } from '../../../components/orders/accept-counter';
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
  // A buyer's account receives none: it shows what it made, without a "Received" tab it could never use.
  const buyerOnly = user?.role === 'buyer';
  const asked = params.get('side');
  const side: OfferSide = buyerOnly ? 'made' : asked === 'made' || asked === 'received' ? asked : 'received';
  const filter: OfferFilter = params.get('status') === 'waiting' ? 'waiting' : 'all';
  // A tab or filter changes the list below it; the other stays as it was.
  const show = (next: { side?: OfferSide; status?: OfferFilter }) => {
    const merged = { side, status: filter, ...next };
    const q = new URLSearchParams({ side: merged.side });
    if (merged.status === 'waiting') q.set('status', 'waiting');
    setParams(q, { replace: true, preventScrollReset: true });
  };
  const [confirm, setConfirm] = useState<ConfirmOptions | null>(null);
  const { data: waiting } = useWaitingCounts();
  const waitingOn: Record<OfferSide, number> = {
    received: waiting?.offersReceived ?? 0,
    made: waiting?.offersMade ?? 0,
  };
  const query = useInfiniteQuery({
    queryKey: offerKeys.pages(side, filter),
    queryFn: ({ pageParam }) => offersApi.list(side, pageParam, undefined, filter),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const answer = useMutation({
    mutationFn: ({ offer, verb }: { offer: Offer; verb: OfferAnswer }) => offersApi.answer(offer.id, verb),
    onSuccess: (_offer, { verb }) => toast.success(DONE[verb]),
    onSettled: () => refreshOffers(client),
  });
  const [countering, setCountering] = useState<Offer | null>(null);
  // Answered, a row stays with other buttons: the focus goes back to its title; in the waiting list it leaves the
  // list, and the focus goes to the page's title.
  const focusAfterAnswer = (offer: Offer) =>
    document.getElementById(filter === 'waiting' ? 'offers-title' : offerTitleId(offer.id));
  const ask = (offer: Offer, verb: OfferAnswer | 'counter') => {
    if (verb === 'counter') return setCountering(offer);
    const amount = formatPrice(offer.amountCents, offer.currency);
    const run = () => answer.mutateAsync({ offer, verb });
    const returnFocusTo = () => focusAfterAnswer(offer);
    if (verb === 'accept')
      return setConfirm({
        title: 'Accept this offer?',
        message: `${offer.buyerName} can then buy “${offer.listing.title}” for ${amount} within ${OFFER_RULES.buyHours} hours. Until someone buys it, the listing stays on sale at its price.`,
        confirmLabel: `Accept ${amount}`,
        onConfirm: run,
        returnFocusTo,
      });
    if (verb === 'accept-counter') return setConfirm(acceptCounterConfirm(offer, run, returnFocusTo));
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
          <Title order={1} id="offers-title" tabIndex={-1}>
            Offers
          </Title>
          <Text c="dimmed">
            Prices offered on negotiable listings. A seller answers within {OFFER_RULES.answerHours} hours; an accepted
            offer is bought within {OFFER_RULES.buyHours} hours.
          </Text>
        </div>
        {!buyerOnly && (
          <Tabs value={side} onChange={(v) => v && show({ side: v as OfferSide })}>
            <Tabs.List>
              {(Object.keys(SIDES) as OfferSide[]).map((s) => (
                <Tabs.Tab key={s} value={s} rightSection={<WaitingBadge count={waitingOn[s]} />}>
                  {SIDES[s]}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
        )}
        <SegmentedControl
          aria-label="Show"
          value={filter}
          onChange={(v) => show({ status: v as OfferFilter })}
          data={[
            { value: 'all', label: 'All offers' },
            { value: 'waiting', label: `Waiting for you (${waitingOn[side]})` },
          ]}
          w="fit-content"
        />
        <PagedList
          query={query}
          label={`${SIDES[side]} offers`}
          loading="Loading your offers…"
          failed="Your offers could not be loaded"
          empty={
            <EmptyState
              icon={<IconCash />}
              title={
                filter === 'waiting'
                  ? 'Nothing waits for you here'
                  : side === 'received'
                    ? 'No offers received yet'
                    : 'No offers made yet'
              }
              description={
                filter === 'waiting'
                  ? side === 'received'
                    ? 'No offer waits for your answer.'
                    : 'No counter-offer waits for your answer, and no accepted offer for you to buy.'
                  : side === 'received'
                    ? 'Buyers can make offers on listings marked "Price negotiable".'
                    : 'On a listing marked "Price negotiable", use "Make an offer" to propose your price.'
              }
            >
              {side === 'made' && filter === 'all' && (
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
        onSent={(o) => requestAnimationFrame(() => focusAfterAnswer(o)?.focus())}
      />
    </Container>
  );
}
