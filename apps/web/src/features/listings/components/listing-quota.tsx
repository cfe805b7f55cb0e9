import { Alert, Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { IconPlus } from '@tabler/icons-react';
import { QUOTA_MESSAGES } from '@accountry/shared/listing-messages';

/** "New listing" with how many listings the seller has of the server's limit, said before they fill a form. */
export function NewListingButton({ count, limit }: { count?: number; limit?: number }) {
  const known = count !== undefined && limit !== undefined;
  return (
    <Group gap="sm" wrap="wrap">
      <Button
        component={Link}
        to="/listing-management/new"
        leftSection={<IconPlus size={18} />}
        aria-describedby={known ? 'listing-quota' : undefined}
      >
        New listing
      </Button>
      {known && (
        <Text id="listing-quota" size="sm" c="dimmed">
          {count.toLocaleString('en-US')} of {limit.toLocaleString('en-US')} listings
        </Text>
      )}
    </Group>
  );
}

/** At the limit, what to do: the server would refuse a new listing (or a duplicate) until one is deleted. */
export function ListingLimitNote({ count, limit }: { count?: number; limit?: number }) {
  if (count === undefined || limit === undefined || count < limit) return null;
  return (
    <Alert color="yellow" title="You have reached your listing limit">
      {QUOTA_MESSAGES.listingsTotal(limit)}
    </Alert>
  );
}
