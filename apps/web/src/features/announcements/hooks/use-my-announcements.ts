import { SOCKET_EVENTS } from '@accountry/shared/socket-constants';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ANNOUNCEMENTS_CHANGED } from '@accountry/shared/announcements';
import { NOTIFICATION_REFRESH_MS } from '@accountry/shared/constants';
import { realtime } from '../../../lib/realtime';
import { announcementKeys } from '../api';
import { myAnnouncementsQuery } from '../my-announcements-query';

/**
 * The signed-in user's announcements, refreshed on every route change, every 5 minutes (spec section 7),
 * at once when the server says they changed, and after the socket reconnects (events may have been missed).
 */
export function useMyAnnouncements(uid: string | undefined) {
  const queryClient = useQueryClient();
  const location = useLocation();
  const options = myAnnouncementsQuery(uid ?? '');
  const query = useQuery({
    ...options,
    enabled: !!uid,
    refetchInterval: NOTIFICATION_REFRESH_MS,
    refetchIntervalInBackground: false,
  });

  const firstRoute = useRef(true);
  useEffect(() => {
    // The initial load already fetches; refresh on the navigations that follow.
    if (firstRoute.current) {
      firstRoute.current = false;
      return;
    }
    if (uid) void queryClient.invalidateQueries({ queryKey: announcementKeys.mine });
  }, [location.pathname, location.search, uid, queryClient]);

  useEffect(() => {
    if (!uid) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: announcementKeys.mine });
    let connectedBefore = false;
    const offChanged = realtime.on(ANNOUNCEMENTS_CHANGED, refresh);
    const offResync = realtime.on(SOCKET_EVENTS.resync, refresh);
    const offHello = realtime.on('hello', () => {
      if (connectedBefore) refresh();
      connectedBefore = true;
    });
    return () => {
      offChanged();
      offResync();
      offHello();
    };
  }, [uid, queryClient]);

  return { ...query, queryKey: options.queryKey };
}
