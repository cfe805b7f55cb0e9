import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SESSION_QUERY_KEY, useSession } from '../lib/session';
import { realtime } from '../lib/realtime';

/** Keeps the tab's socket open while someone is signed in; when the server ends the session, the guard sees it at once. */
export function RealtimeConnection() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const uid = user?.uid;
  useEffect(() => {
    if (!uid) return;
    realtime.connect();
    const off = realtime.on('$signedOut', () => void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }));
    return () => {
      off();
      realtime.disconnect();
    };
  }, [uid, queryClient]);
  return null;
}
