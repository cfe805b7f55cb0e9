import type { FastifyBaseLogger } from 'fastify';
import { CHAT_SEND_BURST, CHAT_SEND_PER_MINUTE } from '@accountry/shared/chat';
import type { AppDeps } from '../../app';
import type { AuthUser } from '../../plugins/auth';
import { ChatEvents } from './chat-events';
import { ChatPresence } from './presence.service';
import { ConversationsService } from './conversations.service';
import { MessagesService, toMessage } from './messages.service';
import { PostgresMessageStore } from './postgres-message-store';
import { SqliteMessageStore, type StoreEvents } from './sqlite-message-store';
import type { MessageStore } from './message-store';
import { SafetyService } from './safety.service';
import { AttachmentsService } from './attachments.service';
import { SendRateLimiter } from './send-rate-limiter';
import { blocksBetween } from './safety.repository';

export type ChatServices = ReturnType<typeof createChatServices>;

/** The chat write path for the app's engine (decision 130); its events reach the hub after commit. */
export function createMessageStore(deps: AppDeps, events: ChatEvents, log: FastifyBaseLogger): MessageStore {
  const storeEvents: StoreEvents = {
    stored: ({ row, counters }) => void events.message(counters, toMessage(row)),
    receipt: (counters, toUserId) => void events.receipt(counters, toUserId),
  };
  return deps.db.sqlite
    ? new SqliteMessageStore(deps.db.db, deps.db.sqlite, storeEvents, log)
    : new PostgresMessageStore(deps.db.db, deps.bus.notifyChannel, storeEvents);
}

/** Wire the chat services to the app's database, hub and clock. */
export function createChatServices(deps: AppDeps, log: FastifyBaseLogger) {
  const events = new ChatEvents(deps.hub, log);
  const presence = new ChatPresence(deps, events, log);
  const perMinute = deps.config.chatSendPerMinute ?? CHAT_SEND_PER_MINUTE;
  const limiter = new SendRateLimiter(deps.limits, Math.max(CHAT_SEND_BURST, Math.ceil(perMinute / 6)), perMinute);
  const conversations = new ConversationsService(deps, presence, events);
  const store = createMessageStore(deps, events, log);
  const messages = new MessagesService(deps, conversations, events, limiter, store);
  const safety = new SafetyService(deps, conversations, events);
  const attachments = new AttachmentsService(deps, conversations, messages);

  /** Typing signals go to the other party only, and not between blocked users. */
  async function typing(user: AuthUser, conversationId: string) {
    const parties = await conversations.requireParties(user, conversationId);
    const otherId = parties.buyerId === user.id ? parties.sellerId : parties.buyerId;
    const blocks = await blocksBetween(deps.db.db, user.id, otherId);
    if (blocks.aBlockedB || blocks.bBlockedA) return;
    await events.typing(otherId, { conversationId, userId: user.id });
  }

  return { events, presence, conversations, messages, safety, attachments, typing };
}
