import { Link } from 'react-router';
import { Alert, Anchor, Group, Title } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import type { OwnListing } from '@accountry/shared/listing-schemas';
import { StatusBadge } from '../../../components/listings/status-badge';

/**
 * The editor's heading (new or edit, with the listing's status) and why the listing may need attention or cannot be
 * changed: hidden by a moderator, or locked (`locked` says why) while an order is in progress or once sold.
 */
export function EditorHeader({ listing, locked }: { listing: OwnListing | null; locked: string | null }) {
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
      {listing?.status === 'hidden' && (
        <Alert color="red" icon={<IconEyeOff />} title="Hidden by a moderator">
          Reason: {listing.hiddenReason ?? 'not given'}. Fix the listing here, then reply to the email about the hide to
          ask a moderator to look at it again.
        </Alert>
      )}
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
