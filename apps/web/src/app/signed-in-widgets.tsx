import { Skeleton } from '@mantine/core';
import { preloadable } from '../lib/preloadable';

// What only signed-in people see or run, kept out of a visitor's download. main.tsx fetches this code as soon as the
// session says someone is signed in, beside the page's own code, so it is ready when the header first renders.

/** The tab's socket and the inactivity sign-out. */
export const SignedInServices = preloadable(() => import('./signed-in-services').then((m) => m.default));
/** The header's account menu. */
export const UserMenu = preloadable(
  () => import('./user-menu').then((m) => m.UserMenu),
  <Skeleton height={30} width={96} radius="xl" />,
);
/** The header's chat link with the unread count. */
export const ChatHeaderLink = preloadable(() =>
  import('../features/chat/components/chat-header-link').then((m) => m.ChatHeaderLink),
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
