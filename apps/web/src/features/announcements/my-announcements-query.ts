import { queryOptions } from '@tanstack/react-query';
import type { UserNotification } from '@accountry/shared/announcements';
import { api } from '../../lib/api';

/** What the query asks for; a signed-in page's HTML names it too (SIGNED_IN_FIRST_DATA, decision 232). */
export const MY_ANNOUNCEMENTS_URL = '/api/announcements';

/** The query key of every list of the signed-in user's announcements (what a change of them invalidates). */
export const MY_ANNOUNCEMENTS_KEY = ['announcements', 'mine'] as const;

/**
 * The signed-in user's announcements. main.tsx asks for them as soon as the session answers (the page's HTML has already
 * asked, beside the banner's code), so the banner takes its place before the page's content is drawn rather than
 * pushing it down afterwards. Fresh for a few seconds, so the banner does not ask again when it mounts; route changes
 * and events still refresh it at once.
 */
export const myAnnouncementsQuery = (uid: string) =>
  queryOptions({
    queryKey: [...MY_ANNOUNCEMENTS_KEY, uid],
    queryFn: () => api<{ notifications: UserNotification[] }>(MY_ANNOUNCEMENTS_URL).then((r) => r.notifications),
    staleTime: 10_000,
  });
