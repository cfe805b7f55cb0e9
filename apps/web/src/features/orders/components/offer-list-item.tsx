import { Link } from 'react-router';
import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { formatPrice } from '@accountry/shared/listing-attributes';
import type { Offer } from '@accountry/shared/offers';
import { formatOrderTime, orderPagePath } from '../../../components/orders/order-format';
import type { OfferAnswer, OfferSide } from '../../../components/orders/offers-api';

const STATUS: Record<Offer['status'], { label: string; color: string }> = {
  pending: { label: 'Waiting for an answer', color: 'yellow' },
  accepted: { label: 'Accepted', color: 'teal' },
  declined: { label: 'Declined', color: 'gray' },
  withdrawn: { label: 'Withdrawn', color: 'gray' },
  expired: { label: 'Expired', color: 'gray' },
  used: { label: 'Bought', color: 'indigo' },
};

const listingPath = (o: Offer) => `/account/${o.listing.sellerId}/${o.listing.id}`;

/** What is due next, in words, for an open offer. */
function dueLine(o: Offer, side: OfferSide) {
  const at = formatOrderTime(o.expiresAt);
  if (o.status === 'pending') return side === 'received' ? `Answer by ${at}` : `The seller answers by ${at}`;
  if (o.status === 'accepted') return side === 'made' ? `Buy by ${at}` : `The buyer can buy until ${at}`;
  return null;
}

/** One offer: the listing, the other party, the amount against the price, where it stands, and what can be done. */
export function OfferListItem(props: {
  offer: Offer;
  side: OfferSide;
  busy: boolean;
  onAnswer: (offer: Offer, answer: OfferAnswer) => void;
}) {
  const { offer: o, side, busy, onAnswer } = props;
  const due = dueLine(o, side);
  const status = STATUS[o.status];
  const listingOpen = o.listing.status === 'active';
  return (
    <Card component="li" withBorder padding="sm" radius="md">
      <Stack gap={6}>
        <Anchor component={Link} to={listingPath(o)} fw={600} lineClamp={2}>
          {o.listing.title}
        </Anchor>
        <Group gap="xs">
          <Badge color={status.color} variant="light">
            {status.label}
          </Badge>
          <Text size="sm" fw={700}>
            {formatPrice(o.amountCents, o.currency)}
          </Text>
          <Text size="sm" c="dimmed">
            (price {formatPrice(o.listing.priceCents, o.currency)})
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {side === 'made' ? `To ${o.sellerName}` : `From ${o.buyerName}`} · offered {formatOrderTime(o.createdAt)}
          {due && ` · ${due}`}
        </Text>
        {(o.status === 'pending' || o.status === 'accepted') && !listingOpen && (
          <Text size="xs" c="dimmed">
            The listing is not for sale right now.
          </Text>
        )}
        <Group gap="xs">
          {side === 'received' && o.status === 'pending' && (
            <>
              <Button size="xs" disabled={busy || !listingOpen} onClick={() => onAnswer(o, 'accept')}>
                Accept
              </Button>
              <Button size="xs" variant="default" disabled={busy} onClick={() => onAnswer(o, 'decline')}>
                Decline
              </Button>
            </>
          )}
          {side === 'made' && o.status === 'accepted' && listingOpen && (
            <Button size="xs" component={Link} to={listingPath(o)}>
              Buy for {formatPrice(o.amountCents, o.currency)}
            </Button>
          )}
          {side === 'made' && (o.status === 'pending' || o.status === 'accepted') && (
            <Button size="xs" variant="default" disabled={busy} onClick={() => onAnswer(o, 'withdraw')}>
              Withdraw
            </Button>
          )}
          {o.orderId && (
            <Button size="xs" variant="default" component={Link} to={orderPagePath(o.orderId)}>
              Open the order
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
