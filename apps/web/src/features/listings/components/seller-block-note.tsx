import { Button, Text, type TextProps } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { LISTING_MESSAGES as M } from '@accountry/shared/listing-messages';
import type { ListingDetail } from '@accountry/shared/listing-detail';
import { refreshOffers } from '../../../components/orders/offers-api';
import type { ConfirmOptions } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../lib/toast';
import { listingKeys, unblockSeller } from '../api/listings-api';

type Block = NonNullable<ListingDetail['block']>;

/** Why the viewer sees no "Buy now" or "Make an offer": a block between them and the seller. */
export function sellerBlockNote(block: Block, negotiable: boolean) {
  if (block === 'viewer') return negotiable ? M.youBlockedSeller : M.youBlockedSellerNoOffers;
  return negotiable ? M.sellerUnavailable : M.sellerUnavailableNoOffers;
}

export function SellerBlockNote({ block, negotiable, ...props }: { block: Block; negotiable: boolean } & TextProps) {
  return (
    <Text size="sm" c="dimmed" {...props}>
      {sellerBlockNote(block, negotiable)}
    </Text>
  );
}

/**
 * Lifts the viewer's own block of the seller, here rather than in the chat, after asking in the page's dialog; the
 * page then offers buying again, and the focus goes where `returnFocusTo` says, this button being gone.
 */
export function UnblockSellerButton({
  listing,
  size,
  ask,
  returnFocusTo,
}: {
  listing: Pick<ListingDetail, 'id' | 'seller'>;
  size?: string;
  ask: (options: ConfirmOptions) => void;
  returnFocusTo: ConfirmOptions['returnFocusTo'];
}) {
  const client = useQueryClient();
  const unblock = async () => {
    try {
      await unblockSeller(listing.seller.id);
      toast.success(`${listing.seller.displayName} is unblocked.`);
    } finally {
      // The block also shows in the chat and ended the offers between them; the dialog closes once the page shows it.
      await Promise.all([
        client.invalidateQueries({ queryKey: listingKeys.detail(listing.id) }),
        client.invalidateQueries({ queryKey: ['chat'] }),
        refreshOffers(client),
      ]);
    }
  };
  return (
    <Button
      size={size}
      leftSection={<IconCircleCheck size={18} aria-hidden />}
      onClick={() =>
        ask({
          title: `Unblock ${listing.seller.displayName}?`,
          message: M.unblockSellerConfirm,
          confirmLabel: 'Unblock',
          onConfirm: unblock,
          returnFocusTo,
        })
      }
    >
      Unblock seller
    </Button>
  );
}
