import { Button, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LISTING_MESSAGES as M } from '@accountry/shared/listing-messages';
import type { ListingDetail } from '@accountry/shared/listing-detail';
import { refreshOffers } from '../../../components/orders/offers-api';
import { toast } from '../../../lib/toast';
import { listingKeys, unblockSeller } from '../api/listings-api';

type Block = NonNullable<ListingDetail['block']>;

/** Why the viewer sees no "Buy now" or "Make an offer": a block between them and the seller. */
export const sellerBlockNote = (block: Block) => (block === 'viewer' ? M.youBlockedSeller : M.sellerUnavailable);

export function SellerBlockNote({ block }: { block: Block }) {
  return (
    <Text size="sm" c="dimmed">
      {sellerBlockNote(block)}
    </Text>
  );
}

/** Lifts the viewer's own block of the seller, here rather than in the chat; the page then offers buying again. */
export function UnblockSellerButton({
  listing,
  size,
}: {
  listing: Pick<ListingDetail, 'id' | 'seller'>;
  size?: string;
}) {
  const client = useQueryClient();
  const unblock = useMutation({
    mutationFn: () => unblockSeller(listing.seller.id),
    onSuccess: () => toast.success(`${listing.seller.displayName} is unblocked.`),
    onError: (err) => toast.error(err.message),
    // The block also shows in the chat and ended the offers between them.
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: listingKeys.detail(listing.id) }),
        client.invalidateQueries({ queryKey: ['chat'] }),
        refreshOffers(client),
      ]),
  });
  return (
    <Button
      variant="default"
      size={size}
      leftSection={<IconCircleCheck size={18} aria-hidden />}
      loading={unblock.isPending}
      onClick={() => unblock.mutate()}
    >
      Unblock seller
    </Button>
  );
}
