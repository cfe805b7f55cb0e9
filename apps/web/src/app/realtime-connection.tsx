import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MeResponse } from '@accountry/shared/auth';
import { SESSION_QUERY_KEY, useSession } from '../lib/session';
import { realtime } from '../lib/realtime';

/**
 * Keeps the tab's socket open while someone is signed in. When the server ends the socket's session, the session is
 * read again: signed out, the guard sees it at once; still signed in (the member's role changed), a new socket opens.
 */
export function RealtimeConnection() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const uid = user?.uid;
  useEffect(() => {
    if (!uid) return;
    let mounted = true;
    realtime.connect();
    const recheck = async () => {
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      if (mounted && queryClient.getQueryData<MeResponse>(SESSION_QUERY_KEY)?.user?.uid === uid) realtime.resume();
    };
    const off = realtime.on('$signedOut', () => void recheck());
    return () => {
      mounted = false;
      off();
      realtime.disconnect();
    };
  }, [uid, queryClient]);
  return null;
}
