import { InactivityWatcher } from '../features/auth/components/inactivity-watcher';
import { ListingModerationUpdates } from '../features/listings/components/listing-moderation-updates';
import { RealtimeConnection } from './realtime-connection';

/** What runs in the background while someone is signed in: the tab's socket, the inactivity sign-out, and notices. */
export default function SignedInServices() {
  return (
    <>
      <RealtimeConnection />
      <InactivityWatcher />
      <ListingModerationUpdates />
    </>
  );
}
