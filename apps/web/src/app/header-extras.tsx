import { useSession } from '../lib/session';
import { ChatHeaderLink } from './signed-in-widgets';

/** Per-feature header widgets for signed-in users (chat unread badge, etc.). */
export function HeaderExtras() {
  const { user } = useSession();
  return user ? <ChatHeaderLink /> : null;
}
