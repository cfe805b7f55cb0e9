import { useEffect } from 'react';
import { useSession } from '../features/auth/hooks/use-session';
import { realtime } from '../lib/realtime';

/** Keeps the tab's socket open while someone is signed in. */
export function RealtimeConnection() {
  const { user } = useSession();
  const uid = user?.uid;
  useEffect(() => {
    if (!uid) return;
    realtime.connect();
    return () => realtime.disconnect();
  }, [uid]);
  return null;
}
