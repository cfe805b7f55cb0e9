import { Link } from 'react-router';
import { ActionIcon, Menu } from '@mantine/core';
import {
  IconCopy,
  IconDots,
  IconEdit,
  IconExternalLink,
  IconPlayerPause,
  IconRocket,
  IconTrash,
  IconBookmark,
  IconCircleCheck,
  IconArrowBackUp,
} from '@tabler/icons-react';
import { allowedStatusChanges, deleteBlocker, duplicateBlocker, editBlocker } from '@accountry/shared/listing-rules';
import type { OwnListingRow } from '@accountry/shared/listing-schemas';
import type { SellerStatus } from '@accountry/shared/listings';
import { listingPath } from '../../../components/listings/listing-format';

const STATUS_ACTIONS: Record<SellerStatus, { label: (from: string) => string; icon: typeof IconRocket }> = {
  active: { label: (from) => (from === 'reserved' ? 'Mark available again' : 'Publish'), icon: IconRocket },
  draft: { label: () => 'Unpublish', icon: IconPlayerPause },
  reserved: { label: () => 'Mark reserved', icon: IconBookmark },
  sold: { label: () => 'Mark sold', icon: IconCircleCheck },
};

interface Props {
  listing: OwnListingRow;
  onStatus: (to: SellerStatus) => void;
  onDuplicate: () => void;
  onDelete: () => void;
}

/**
 * What a seller can do with one listing, by its status (an order in progress leaves only viewing and copying; a hidden
 * listing is edited, never copied).
 */
export function ListingRowActions({ listing, onStatus, onDuplicate, onDelete }: Props) {
  const changes = allowedStatusChanges(listing.status, listing.orderInProgress);
  const canDelete = !deleteBlocker(listing.orderInProgress);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Actions for ${listing.title}`}
          data-row-actions={listing.id}
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {!editBlocker(listing.status, listing.orderInProgress) && (
          <Menu.Item
            component={Link}
            to={`/listing-management/${listing.id}/edit`}
            leftSection={<IconEdit size={16} />}
          >
            Edit
          </Menu.Item>
        )}
        <Menu.Item component={Link} to={listingPath(listing)} leftSection={<IconExternalLink size={16} />}>
          View
        </Menu.Item>
        {changes.map((to) => {
          const a = STATUS_ACTIONS[to];
          const Icon = to === 'active' && listing.status === 'reserved' ? IconArrowBackUp : a.icon;
          return (
            <Menu.Item key={to} leftSection={<Icon size={16} />} onClick={() => onStatus(to)}>
              {a.label(listing.status)}
            </Menu.Item>
          );
        })}
        {!duplicateBlocker(listing.status) && (
          <Menu.Item leftSection={<IconCopy size={16} />} onClick={onDuplicate}>
            Duplicate
          </Menu.Item>
        )}
        {canDelete && <Menu.Divider />}
        {/* Red text at 7.5:1 on white and 5.2:1 on the red.2 tint of a hovered or focused item (red.6 is 3.3:1). */}
        {canDelete && (
          <Menu.Item
            color="red"
            c="var(--mantine-color-red-light-color)"
            leftSection={<IconTrash size={16} />}
            onClick={onDelete}
          >
            Delete
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
