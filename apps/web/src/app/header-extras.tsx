import { ChatHeaderLink } from '../features/chat/components/chat-header-link';

/** Per-feature header widgets for signed-in users (chat unread badge, etc.). */
export function HeaderExtras() {
  return (
    <>
      <ChatHeaderLink />
    </>
  );
}
