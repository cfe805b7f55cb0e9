import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  type AnchorProps,
  ActionIcon,
  Anchor,
  Avatar,
  Badge,
  Box,
  Group,
  Image,
  Indicator,
  Menu,
  Text,
} from '@mantine/core';
import { IconArrowLeft, IconBan, IconCircleCheck, IconDotsVertical, IconFlag, IconPhoto } from '@tabler/icons-react';
import { CHAT_DELETED_LISTING_STATUS, type ConversationSummary } from '@accountry/shared/chat';
import { presenceLabel } from '../lib/chat-time';
import { useNow } from '../../../lib/use-now';

interface Props {
  conversation: ConversationSummary;
  otherTyping: boolean;
  onBack?: () => void;
  onReport: () => void;
  onBlock: () => void;
  onUnblock: () => void;
}

const listingPath = (l: ConversationSummary['listing']) =>
  `/account/${encodeURIComponent(l.sellerId)}/${encodeURIComponent(l.id)}`;

/** The listing's link, or its title alone once it was deleted: a deleted listing has no page to open. */
function ListingLink({
  listing,
  underline,
  ...props
}: AnchorProps & { listing: ConversationSummary['listing']; children: ReactNode }) {
  if (listing.status === CHAT_DELETED_LISTING_STATUS) return <Text component="span" {...props} />;
  return <Anchor component={Link} to={listingPath(listing)} underline={underline} {...props} />;
}

/** The other person (with online or last-seen status), the listing the conversation is about, and safety actions. */
export function ConversationHeader({ conversation: c, otherTyping, onBack, onReport, onBlock, onUnblock }: Props) {
  const now = useNow();
  const status = otherTyping ? 'typing…' : presenceLabel(c.other.online, c.other.lastSeen, now);
  return (
    <Group px="md" py="sm" gap="sm" wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      {onBack && (
        <ActionIcon variant="subtle" onClick={onBack} aria-label="Back to conversations">
          <IconArrowLeft size={20} />
        </ActionIcon>
      )}
      <Indicator color="green" position="bottom-end" offset={5} size={10} withBorder disabled={!c.other.online}>
        <Avatar color="indigo" name={c.other.displayName} />
      </Indicator>
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Text component="h2" fw={600} size="md" truncate>
          {c.other.displayName}
        </Text>
        <Text size="xs" c={c.other.online || otherTyping ? 'teal' : 'dimmed'}>
          {status || ' '}
        </Text>
        {/* On a phone the listing has no room beside the name: its title goes under it, so a member talking about
            two listings with one person knows which this is. */}
        <ListingLink listing={c.listing} size="xs" hiddenFrom="xs" display="block" truncate>
          About: {c.listing.title}
          {c.listing.status !== 'active' && ` (${c.listing.status})`}
        </ListingLink>
      </Box>
      <ListingLink
        listing={c.listing}
        visibleFrom="xs"
        underline="hover"
        c="dark"
        style={{ minWidth: 0, maxWidth: 260 }}
      >
        <Group gap="xs" wrap="nowrap">
          {c.listing.thumbUrl ? (
            <Image src={c.listing.thumbUrl} alt="" w={48} h={36} radius="sm" fit="cover" />
          ) : (
            <Box w={48} h={36} bg="gray.1" style={{ borderRadius: 4, display: 'grid', placeItems: 'center' }}>
              <IconPhoto size={18} color="gray" />
            </Box>
          )}
          <Box style={{ minWidth: 0 }}>
            <Text size="sm" truncate>
              {c.listing.title}
            </Text>
            {c.listing.status !== 'active' && (
              <Badge size="xs" color="gray" variant="light">
                {c.listing.status}
              </Badge>
            )}
          </Box>
        </Group>
      </ListingLink>
      {c.orderId && (
        <Anchor component={Link} to={`/orders/${encodeURIComponent(c.orderId)}`} size="sm" style={{ flexShrink: 0 }}>
          View order
        </Anchor>
      )}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label="Conversation options">
            <IconDotsVertical size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {/* color="red" tints the hovered or focused item (red.2); the text is the theme's red text colour, 7.5:1 on
              white and 5.2:1 on that tint (the menu's own red.6 is 3.3:1 on white). */}
          {c.blockedByMe ? (
            <Menu.Item leftSection={<IconCircleCheck size={16} />} onClick={onUnblock}>
              Unblock {c.other.displayName}
            </Menu.Item>
          ) : (
            <Menu.Item
              leftSection={<IconBan size={16} />}
              color="red"
              c="var(--mantine-color-red-light-color)"
              onClick={onBlock}
            >
              Block {c.other.displayName}
            </Menu.Item>
          )}
          <Menu.Item
            leftSection={<IconFlag size={16} />}
            color="red"
            c="var(--mantine-color-red-light-color)"
            onClick={onReport}
          >
            Report conversation
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
