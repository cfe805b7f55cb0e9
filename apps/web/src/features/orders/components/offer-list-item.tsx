import { Link } from 'react-router';
import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { formatPrice } from '@accountry/shared/listing-attributes';
import { OFFER_STATUS_LABELS, type Offer } from '@accountry/shared/offers';
import { orderPagePath } from '../../../components/orders/order-format';
import type { OfferAnswer, OfferSide } from '../../../components/orders/offers-api';
import { formatDateTime } from '../../../lib/format-time';

const STATUS_COLORS: Partial<Record<Offer['status'], string>> = {
  pending: 'yellow',
  countered: 'blue',
  accepted: 'teal',
  used: 'indigo',
};

/** When a closed offer ended, in words. */
const ENDED: Partial<Record<Offer['status'], string>> = {
  declined: 'declined',
  withdrawn: 'withdrawn',
  expired: 'expired',
  used: 'bought',
  closed: 'closed',
};

const listingPath = (o: Offer) => `/account/${o.listing.sellerId}/${o.listing.id}`;

export const offerTitleId = (id: string) => `offer-${id}-title`;

/** What is due next, in words, for an open offer. */
function dueLine(o: Offer, side: OfferSide) {
  const at = formatDateTime(o.expiresAt);
  if (o.status === 'pending') return side === 'received' ? `Answer by ${at}` : `The seller answers by ${at}`;
  if (o.status === 'countered') return side === 'made' ? `Answer by ${at}` : `The buyer answers by ${at}`;
  if (o.status === 'accepted') return side === 'made' ? `Buy by ${at}` : `The buyer can buy until ${at}`;
  return null;
}

/** One offer: the listing, the other party, the amount against the price, where it stands, and what can be done. */
export function OfferListItem(props: {
  offer: Offer;
  side: OfferSide;
  busy: boolean;
  onAnswer: (offer: Offer, answer: OfferAnswer | 'counter') => void;
}) {
  const { offer: o, side, busy, onAnswer } = props;
  const due = dueLine(o, side);
  const status = { label: OFFER_STATUS_LABELS[o.status], color: STATUS_COLORS[o.status] ?? 'gray' };
  const listingOpen = o.listing.status === 'active';
  const ended = ENDED[o.status];
  const titleId = offerTitleId(o.id);
  const amount = formatPrice(o.amountCents, o.currency);
  // Each row's buttons say whose offer they answer: a list of "Accept, Decline, Accept…" says nothing.
  const about = `${titleId} ${titleId}-amount`;
  return (
    <Card component="li" withBorder padding="sm" radius="md">
      <Stack gap={6}>
        {o.listing.status === 'removed' ? (
          <Text id={titleId} fw={600} lineClamp={2}>
            {o.listing.title}
          </Text>
        ) : (
          <Anchor id={titleId} component={Link} to={listingPath(o)} fw={600} lineClamp={2}>
            {o.listing.title}
          </Anchor>
        )}
        <Group gap="xs">
          <Badge color={status.color} variant="light">
            {status.label}
          </Badge>
          {/* The offer and the price it is against wrap together, under the status on a phone, never apart. */}
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            <Text span fw={700} id={`${titleId}-amount`} inherit>
              {amount}
            </Text>{' '}
            <Text span c="dimmed" inherit>
              (price {formatPrice(o.listing.priceCents, o.currency)})
            </Text>
          </Text>
        </Group>
        {o.status === 'countered' && o.counterCents !== null && (
          <Text size="sm">
            {side === 'made' ? 'The seller asks' : 'You asked'} {formatPrice(o.counterCents, o.currency)}.
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {side === 'made' ? `To ${o.sellerName}` : `From ${o.buyerName}`} · offered {formatDateTime(o.createdAt)}
          {due && ` · ${due}`}
          {ended && ` · ${ended} ${formatDateTime(o.updatedAt)}`}
        </Text>
        {o.listing.status === 'removed' && (
          <Text size="xs" c="dimmed">
            The listing is no longer on the site.
          </Text>
        )}
        {(o.status === 'pending' || o.status === 'countered' || o.status === 'accepted') &&
          !listingOpen &&
          o.listing.status !== 'removed' && (
            <Text size="xs" c="dimmed">
              {o.listing.status === 'reserved'
                ? 'Reserved: another buyer is paying for it now.'
                : 'The listing is not for sale right now.'}
            </Text>
          )}
        <Group gap="xs">
          {side === 'received' && o.status === 'pending' && (
            <>
              <Button
                size="xs"
                disabled={busy || !listingOpen}
                aria-describedby={about}
                onClick={() => onAnswer(o, 'accept')}
              >
                Accept
              </Button>
              <Button
                size="xs"
                variant="default"
                disabled={busy}
                aria-describedby={about}
                onClick={() => onAnswer(o, 'decline')}
              >
                Decline
              </Button>
              <Button
                size="xs"
                variant="default"
                disabled={busy || !listingOpen}
                aria-describedby={about}
                onClick={() => onAnswer(o, 'counter')}
              >
                Counter-offer
              </Button>
            </>
          )}
          {side === 'made' && o.status === 'countered' && (
            <Button
              size="xs"
              disabled={busy || !listingOpen}
              aria-describedby={about}
              onClick={() => onAnswer(o, 'accept-counter')}
            >
              Accept {formatPrice(o.counterCents ?? o.amountCents, o.currency)}
            </Button>
          )}
          {side === 'made' && o.status === 'accepted' && listingOpen && (
            <Button size="xs" component={Link} to={`${listingPath(o)}#offer`} aria-describedby={titleId}>
              Buy for {amount}
            </Button>
          )}
          {side === 'made' && (o.status === 'pending' || o.status === 'countered' || o.status === 'accepted') && (
            <Button
              size="xs"
              variant="default"
              disabled={busy}
              aria-describedby={about}
              onClick={() => onAnswer(o, 'withdraw')}
            >
              {o.status === 'countered' ? 'Decline' : 'Withdraw'}
            </Button>
          )}
          {o.orderId && (
            <Button
              size="xs"
              variant="default"
              component={Link}
              to={orderPagePath(o.orderId)}
              aria-describedby={titleId}
            >
              Open the order
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
