import type { z } from 'zod';
import { CHAT_EVENTS, seqMarkSchema, socketSendSchema, typingSchema } from '@accountry/shared/chat';
import type { SocketHub } from '../../realtime/socket-hub';
import { badRequest } from '../../lib/app-error';
import type { ChatServices } from './chat.services';

function parse<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
  const result = schema.safeParse(data ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    throw badRequest(issue?.message ?? 'Invalid request', { [issue?.path.join('.') || '_']: issue?.message ?? 'Invalid request' });
  }
  return result.data;
}

/** Chat over the tab's socket: send, read and delivered markers, typing, unread counts. Same rules as the REST routes. */
export function registerChatSocket(hub: SocketHub, chat: ChatServices) {
  hub.on(CHAT_EVENTS.send, async ({ user }, data) => {
    const { conversationId, ...input } = parse(socketSendSchema, data);
    return chat.messages.send(user, conversationId, input);
  });
  hub.on(CHAT_EVENTS.read, async ({ user }, data) => {
    const { conversationId, seq } = parse(seqMarkSchema, data);
    return chat.messages.markRead(user, conversationId, seq);
  });
  hub.on(CHAT_EVENTS.delivered, async ({ user }, data) => {
    const { conversationId, seq } = parse(seqMarkSchema, data);
    return chat.messages.delivered(user, conversationId, seq);
  });
  hub.on(CHAT_EVENTS.typing, async ({ user }, data) => {
    const { conversationId } = parse(typingSchema, data);
    await chat.typing(user, conversationId);
    return null;
  });
  hub.on(CHAT_EVENTS.unread, async ({ user }) => chat.messages.unread(user));
}
