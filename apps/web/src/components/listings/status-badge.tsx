import { Badge } from '@mantine/core';
import { LISTING_STATUS_LABELS, type ListingStatus } from '@accountry/shared/listings';

const COLORS: Record<ListingStatus, string> = {
  draft: 'gray',
  active: 'green',
  reserved: 'yellow',
  sold: 'blue',
  hidden: 'red',
};

export function StatusBadge({ status }: { status: ListingStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light">
      {LISTING_STATUS_LABELS[status]}
    </Badge>
  );
}
