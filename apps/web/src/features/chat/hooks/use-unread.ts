import { useEffect, useSyncExternalStore } from 'react';
import { chatLive } from '../lib/chat-live';

/** Keep the live unread counts running while this user is signed in. */
export function useChatLive(userId: string | undefined) {
  useEffect(() => {
    if (!userId) return;
    chatLive.start(userId);
    return () => chatLive.stop();
  }, [userId]);
}

export function useUnreadTotal() {
  return useSyncExternalStore(chatLive.subscribe, chatLive.getTotal);
}
