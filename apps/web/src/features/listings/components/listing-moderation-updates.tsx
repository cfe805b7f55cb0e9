import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LISTING_MODERATED, moderationNotice, type ListingModeratedEvent } from '@accountry/shared/listing-moderation';
import { realtime } from '../../../lib/realtime';
import { toast } from '../../../lib/toast';
import { listingKeys } from '../api/listings-api';

/**
 * A moderator's move on one of the seller's listings reaches every open tab: the pages showing it read it again, and
 * the seller is told what happened, as the mail about it says, instead of finding out from a refused action.
 */
export function ListingModerationUpdates() {
  const client = useQueryClient();
  useEffect(() => {
    const off = realtime.on(LISTING_MODERATED, (e: ListingModeratedEvent) => {
      void client.invalidateQueries({ queryKey: listingKeys.allMine });
      void client.invalidateQueries({ queryKey: listingKeys.own(e.listingId) });
      void client.invalidateQueries({ queryKey: listingKeys.detail(e.listingId) });
      toast.info(moderationNotice(e));
    });
    return () => void off();
  }, [client]);
  return null;
}
