import { InactivityWatcher } from '../features/auth/components/inactivity-watcher';
import { RealtimeConnection } from './realtime-connection';

/** What runs in the background while someone is signed in: the tab's socket and the inactivity sign-out. */
export default function SignedInServices() {
  return (
    <>
      <RealtimeConnection />
      <InactivityWatcher />
    </>
  );
}
