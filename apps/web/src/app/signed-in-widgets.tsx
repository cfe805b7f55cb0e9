import { Link } from 'react-router';
import { ActionIcon, Text, UnstyledButton } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { preloadable } from '../lib/preloadable';

// What only signed-in people see or run, kept out of a visitor's download. main.tsx fetches this code as soon as the
// session says someone is signed in, beside the page's own code, so it is usually ready when the header first renders.
// Until it is, the header's widgets stand in as plain controls with the same names: the header shows who is signed in
// as soon as the session answers, however slowly the code arrives.

/** The tab's socket and the inactivity sign-out. */
export const SignedInServices = preloadable(() => import('./signed-in-services').then((m) => m.default));
/** The header's account menu; until its code is here, a disabled button with the same name. */
export const UserMenu = preloadable(
  () => import('./user-menu').then((m) => m.UserMenu),
  ({ user }) => (
    <UnstyledButton aria-label={`Account menu for ${user.displayName}`} disabled>
      <Text size="sm" visibleFrom="sm">
        {user.displayName}
      </Text>
    </UnstyledButton>
  ),
);
/** The header's chat link with the unread count; until its code is here, the link without the count. */
export const ChatHeaderLink = preloadable(
  () => import('../features/chat/components/chat-header-link').then((m) => m.ChatHeaderLink),
  () => (
    <ActionIcon component={Link} to="/chat" variant="subtle" size="lg" aria-label="Chat">
      <IconMessageCircle size={22} />
    </ActionIcon>
  ),
);
/** Announcements addressed to the signed-in user. */
export const AnnouncementBanner = preloadable(() =>
  import('../features/announcements/components/announcement-banner').then((m) => m.AnnouncementBanner),
);

export function preloadSignedInWidgets() {
  // A failed download is tried again when the widget renders.
  for (const widget of [SignedInServices, UserMenu, ChatHeaderLink, AnnouncementBanner]) {
    widget.preload().catch(() => undefined);
  }
}
