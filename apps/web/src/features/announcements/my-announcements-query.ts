import { queryOptions } from '@tanstack/react-query';
import type { UserNotification } from '@accountry/shared/announcements';
import { api } from '../../lib/api';

/** The query key of every list of the signed-in user's announcements (what a change of them invalidates). */
export const MY_ANNOUNCEMENTS_KEY = ['announcements', 'mine'] as const;

/**
 * The signed-in user's announcements. main.tsx asks for them as soon as the session answers, beside the banner's code,
 * so the banner takes its place before the page's content is drawn rather than pushing it down afterwards. Fresh for a
 * few seconds, so the banner does not ask again when it mounts; route changes and events still refresh it at once.
 */
export const myAnnouncementsQuery = (uid: string) =>
  queryOptions({
    queryKey: [...MY_ANNOUNCEMENTS_KEY, uid],
    queryFn: () => api<{ notifications: UserNotification[] }>('/api/announcements').then((r) => r.notifications),
    staleTime: 10_000,
  });
