import { CHAT_EVENTS } from '@accountry/shared/chat';
import type { SocketHub } from '../../realtime/socket-hub';
import type { ChatServices } from './chat.services';

/**
 * Chat over the tab's socket: send, read and delivered markers, typing, unread counts. Same rules as the REST routes;
 * the hub has already parsed each message's data with the shared socket protocol schema.
 */
export function registerChatSocket(hub: SocketHub, chat: ChatServices) {
  hub.on(CHAT_EVENTS.send, async ({ user }, { conversationId, ...input }) =>
    chat.messages.send(user, conversationId, input),
  );
  hub.on(CHAT_EVENTS.read, async ({ user }, { conversationId, seq }) =>
    chat.messages.markRead(user, conversationId, seq),
  );
  hub.on(CHAT_EVENTS.delivered, async ({ user }, { conversationId, seq }) =>
    chat.messages.delivered(user, conversationId, seq),
  );
  hub.on(CHAT_EVENTS.typing, async ({ user }, { conversationId }) => {
    await chat.typing(user, conversationId);
    return null;
  });
  hub.on(CHAT_EVENTS.unread, async ({ user }) => chat.messages.unread(user));
}
