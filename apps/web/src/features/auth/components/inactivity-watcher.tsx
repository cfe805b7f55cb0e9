import { useSession } from '../../../lib/session';
import { useInactivityLogout } from '../hooks/use-inactivity-logout';

/** Signs the user out after the session's inactivity timeout (mounted once in the layout). */
export function InactivityWatcher() {
  const { user, data } = useSession();
  useInactivityLogout(user ? (data?.timeoutMs ?? null) : null);
  return null;
}
