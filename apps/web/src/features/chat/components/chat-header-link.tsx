import { Link } from 'react-router';
import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useSession } from '../../../lib/session';
import { useChatLive, useUnreadTotal } from '../hooks/use-unread';

/** The header's chat link with the live unread count, on every page for signed-in users. */
export function ChatHeaderLink() {
  const { user } = useSession();
  useChatLive(user?.uid);
  const unread = useUnreadTotal();
  if (!user) return null;
  const label = unread ? `Chat (${unread} unread)` : 'Chat';
  return (
    <Tooltip label={label}>
      <Indicator label={unread > 99 ? '99+' : unread} size={18} color="red" disabled={!unread} offset={4} inline>
        <ActionIcon component={Link} to="/chat" variant="subtle" size="lg" aria-label={label}>
          <IconMessageCircle size={22} />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}
