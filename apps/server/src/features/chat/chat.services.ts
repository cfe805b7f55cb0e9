import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app';
import type { AuthUser } from '../../plugins/auth';
import { ChatEvents } from './chat-events';
import { ChatPresence } from './presence.service';
import { ConversationsService } from './conversations.service';
import { MessagesService } from './messages.service';
import { toMessage } from './chat-message';
import { PostgresMessageStore } from './postgres-message-store';
import { SqliteMessageStore, type StoreEvents } from './sqlite-message-store';
import type { MessageStore } from './message-store';
import { SafetyService } from './safety.service';
import { AttachmentsService } from './attachments.service';
import { sendLimit, type SendLimit } from './send-limit';
import { blocksBetween } from '../../db/member-blocks';
import { KeyedThrottle } from '../../lib/keyed-throttle';
import { CHAT_TYPING_THROTTLE_MS } from '@accountry/shared/chat';

/**
 * The web app sends a typing signal at most every 3 s; the server passes one a member and conversation every 1.5 s
 * (room for two tabs and a late frame), so a member's many sockets cannot flood the other party.
 */
const TYPING_SIGNAL_GAP_MS = CHAT_TYPING_THROTTLE_MS / 2;

export type ChatServices = ReturnType<typeof createChatServices>;

/** The chat write path for the app's engine (decision 130); its events reach the hub after commit. */
export function createMessageStore(
  deps: AppDeps,
  events: ChatEvents,
  log: FastifyBaseLogger,
  limit: SendLimit,
): MessageStore {
  const storeEvents: StoreEvents = {
    stored: ({ row, counters }) => void events.message(counters, toMessage(row)),
    delivered: (counters, senderId, blocked) => void events.delivered(counters, senderId, blocked),
  };
  return deps.db.sqlite
    ? new SqliteMessageStore(deps.db.db, deps.db.sqlite, storeEvents, log, limit)
    : new PostgresMessageStore(deps.db.db, deps.bus.notifyChannel, storeEvents, limit);
}

/** Wire the chat services to the app's database, hub and clock. */
export function createChatServices(deps: AppDeps, log: FastifyBaseLogger) {
  const events = new ChatEvents(deps.hub);
  const presence = new ChatPresence(deps, events, log);
  const limit = sendLimit(deps.config.chatSendPerMinute);
  const conversations = new ConversationsService(deps, presence, events);
  const store = createMessageStore(deps, events, log, limit);
  const messages = new MessagesService(deps, conversations, events, limit, store);
  const safety = new SafetyService(deps, conversations, events);
  const attachments = new AttachmentsService(deps, conversations, messages);

  const typingSignals = new KeyedThrottle(TYPING_SIGNAL_GAP_MS);
  /** Typing signals go to the other party only, not between blocked users, and not more often than the gap. */
  async function typing(user: AuthUser, conversationId: string) {
    const parties = await conversations.requireParties(user, conversationId);
    if (!typingSignals.pass(`${user.id} ${conversationId}`, deps.clock.now())) return;
    const otherId = parties.buyerId === user.id ? parties.sellerId : parties.buyerId;
    const blocks = await blocksBetween(deps.db.db, user.id, otherId);
    if (blocks.aBlockedB || blocks.bBlockedA) return;
    await events.typing(otherId, { conversationId, userId: user.id });
  }

  return { events, presence, conversations, messages, safety, attachments, typing };
}
