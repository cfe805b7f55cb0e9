import { Link } from 'react-router';
import { Alert, Anchor, Group, Title } from '@mantine/core';
import type { OwnListing } from '@accountry/shared/listing-schemas';
import { StatusBadge } from '../../../components/listings/status-badge';
import type { ConfirmOptions } from '../../../components/ui/confirm-dialog';
import { HiddenListingNotice } from './hidden-listing-notice';

/**
 * The editor's heading (new or edit, with the listing's status) and why the listing may need attention or cannot be
 * changed: hidden by a moderator (with the way to ask for another look), or locked (`locked` says why) while an order
 * is in progress or once sold.
 */
export function EditorHeader({
  listing,
  locked,
  unsaved,
  confirm,
}: {
  listing: OwnListing | null;
  locked: string | null;
  unsaved: boolean;
  confirm: (o: ConfirmOptions) => void;
}) {
  return (
    <>
      <div>
        <Anchor component={Link} to="/listing-management" size="sm">
          ← My listings
        </Anchor>
        <Group gap="sm" mt={4}>
          <Title order={1}>{listing ? 'Edit listing' : 'New listing'}</Title>
          {listing && <StatusBadge status={listing.status} />}
        </Group>
      </div>
      {listing?.status === 'hidden' && <HiddenListingNotice listing={listing} unsaved={unsaved} confirm={confirm} />}
      {locked && (
        <Alert color="blue" title={listing?.orderInProgress ? 'An order is in progress' : 'This listing is sold'}>
          {locked}{' '}
          {listing?.openOrderId && (
            <Anchor component={Link} to={`/orders/${encodeURIComponent(listing.openOrderId)}`}>
              Open the order
            </Anchor>
          )}
        </Alert>
      )}
    </>
  );
}
