import { useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatPrice } from '@accountry/shared/listing-attributes';
import { OFFER_MESSAGES, type Offer } from '@accountry/shared/offers';
import { toast } from '../../lib/toast';
import { BuyNowButton, type BuyableListing } from './buy-now-button';
import { MakeOfferDialog } from './make-offer-dialog';
import { formatOrderTime } from './order-format';
import { offerKeys, offersApi } from './offers-api';

const CLOSED_NOTES: Partial<Record<Offer['status'], string>> = {
  declined: 'The seller declined your last offer of',
  withdrawn: 'You withdrew your last offer of',
  expired: 'Your last offer expired:',
};

/**
 * A negotiable listing's offer, for a buyer (decision 180): make one, see it wait for the seller, withdraw it, or buy
 * at its price once accepted.
 */
export function OfferPanel({ listing }: { listing: BuyableListing & { negotiable: boolean } }) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const query = useQuery({
    queryKey: offerKeys.list('made', listing.id),
    queryFn: () => offersApi.list('made', null, listing.id),
    // Offers are made on negotiable listings only: other listing pages ask nothing more.
    enabled: listing.negotiable && !listing.isOwner,
  });
  const withdraw = useMutation({
    mutationFn: (id: string) => offersApi.answer(id, 'withdraw'),
    onSuccess: () => toast.success(OFFER_MESSAGES.withdrawn),
    onError: (err) => toast.error(err.message),
    onSettled: () => client.invalidateQueries({ queryKey: offerKeys.all }),
  });
  const latest = query.data?.items[0];
  if (!latest && (!listing.negotiable || listing.isOwner || listing.status !== 'active')) return null;
  const amount = latest && formatPrice(latest.amountCents, latest.currency);

  if (latest?.status === 'accepted')
    return (
      <Stack gap="xs">
        <Alert color="teal" icon={<IconCash />} title="Your offer was accepted">
          Buy at {amount} until {formatOrderTime(latest.expiresAt)}. Until then, the listing stays on sale to others.
        </Alert>
        <BuyNowButton listing={listing} offer={latest} />
        <Button variant="subtle" color="gray" loading={withdraw.isPending} onClick={() => withdraw.mutate(latest.id)}>
          Withdraw offer
        </Button>
      </Stack>
    );
  if (latest?.status === 'pending')
    return (
      <Stack gap="xs">
        <Text size="sm" role="status">
          Your offer of {amount} waits for the seller&rsquo;s answer until {formatOrderTime(latest.expiresAt)}.
        </Text>
        <Button variant="default" loading={withdraw.isPending} onClick={() => withdraw.mutate(latest.id)}>
          Withdraw offer
        </Button>
      </Stack>
    );
  if (!listing.negotiable || listing.isOwner || listing.status !== 'active') return null;
  const note = latest && CLOSED_NOTES[latest.status];
  return (
    <Stack gap="xs">
      {note && (
        <Text size="sm" c="dimmed">
          {note} {amount}.
        </Text>
      )}
      <Button variant="light" leftSection={<IconCash size={18} aria-hidden />} onClick={() => setOpen(true)}>
        Make an offer
      </Button>
      <MakeOfferDialog listing={listing} opened={open} onClose={() => setOpen(false)} />
    </Stack>
  );
}
