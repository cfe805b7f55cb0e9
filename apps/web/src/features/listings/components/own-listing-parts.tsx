import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { formatPrice } from '@accountry/shared/listing-attributes';
import type { OwnListingRow } from '@accountry/shared/listing-schemas';
import { ListingThumb } from '../../../components/listings/listing-thumb';
import { StatusBadge } from '../../../components/listings/status-badge';
import { listingPath, platformLabel } from '../../../components/listings/listing-format';
import { formatDate } from '../../../lib/format-time';

/** The pieces of a row of the seller's listings, shared by the desktop table and the phone cards. */

/** A listing's thumbnail: 4:3, drawn small. */
export function Thumb({ l }: { l: OwnListingRow }) {
  return <ListingThumb src={l.thumbUrl} w={64} />;
}

/**
 * The status badge, with a moderator's reason when hidden (and whether the seller asked for another look), and a note
 * when an order holds the listing.
 */
export function StatusCell({ l }: { l: OwnListingRow }) {
  return (
    <>
      <Group gap={4} wrap="nowrap">
        <StatusBadge status={l.status} />
        {l.status === 'hidden' && (
          <Tooltip label={`Reason: ${l.hiddenReason ?? 'not given'}`} multiline w={260}>
            <IconEyeOff size={16} aria-label={`Hidden by a moderator. Reason: ${l.hiddenReason ?? 'not given'}`} />
          </Tooltip>
        )}
      </Group>
      {l.status === 'hidden' && (
        <Text size="xs" c="red" maw={220} lineClamp={2}>
          {l.hiddenReason}
        </Text>
      )}
      {l.status === 'hidden' && l.reviewRequestedAt != null && (
        <Badge color="blue" variant="light" size="sm">
          Review requested
        </Badge>
      )}
      {l.openOrderId && (
        <Anchor component={Link} to={`/orders/${encodeURIComponent(l.openOrderId)}`} size="xs">
          Order in progress
        </Anchor>
      )}
    </>
  );
}

/** The phone layout of a row: title, status and the actions button in view without scrolling sideways. */
export function ListingCard({ l, actions }: { l: OwnListingRow; actions: ReactNode }) {
  return (
    <Card withBorder padding="sm" component="article" aria-label={l.title}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Thumb l={l} />
        <div style={{ flex: 1, minWidth: 0 }}>
          <Anchor component={Link} to={listingPath(l)} fw={600} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {l.title}
          </Anchor>
          <Text size="xs" c="dimmed">
            {platformLabel(l.platform)} · {formatPrice(l.priceCents, l.currency)}
          </Text>
        </div>
        {actions}
      </Group>
      <Stack gap={2} mt="xs" align="flex-start">
        <StatusCell l={l} />
      </Stack>
      <Text size="xs" c="dimmed" mt={4}>
        {l.viewCount.toLocaleString('en-US')} {l.viewCount === 1 ? 'view' : 'views'} · {l.favoriteCount}{' '}
        {l.favoriteCount === 1 ? 'favorite' : 'favorites'} · Updated {formatDate(l.updatedAt)}
      </Text>
    </Card>
  );
}
