import { lazy, Suspense } from 'react';
import { useSession } from '../lib/session';

// Signed-in widgets load on their own, so a visitor's first page does not download them.
const ChatHeaderLink = lazy(() =>
  import('../features/chat/components/chat-header-link').then((m) => ({ default: m.ChatHeaderLink })),
);

/** Per-feature header widgets for signed-in users (chat unread badge, etc.). */
export function HeaderExtras() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <ChatHeaderLink />
    </Suspense>
  );
}
