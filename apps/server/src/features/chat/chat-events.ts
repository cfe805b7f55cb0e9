import {
  CHAT_EVENTS,
  type ChatBlockEvent,
  type ChatMessage,
  type ChatMessageEvent,
  type ChatPresenceEvent,
  type ChatTypingEvent,
  type ConversationCounters,
} from '@accountry/shared/chat';
import type { SocketHub } from '../../realtime/socket-hub';

/** Room for the bus envelope around an event's data. */
const ENVELOPE_BYTES = 400;
/** User ids per published audience, so a presence change to many people still fits one NOTIFY. */
const AUDIENCE_CHUNK = 150;

/** Fan-out of chat events after the data is stored; a failed publish is logged by the hub, never undoes the write. */
export class ChatEvents {
  constructor(private readonly hub: SocketHub) {}

  /**
   * A new message for both parties; a body too large for one NOTIFY is left out and fetched by the clients. Within one
   * process (no size limit) the event is not serialised to measure it: the fan-out serialises it once.
   */
  message(counters: ConversationCounters, message: ChatMessage) {
    let data: ChatMessageEvent = { message, conversation: counters };
    const limit = this.hub.bus.maxEventBytes;
    if (limit !== undefined && Buffer.byteLength(JSON.stringify(data)) + ENVELOPE_BYTES > limit)
      data = { message: { ...message, body: '' }, conversation: counters, truncated: true };
    return this.hub.publish({ userIds: [counters.buyerId, counters.sellerId] }, CHAT_EVENTS.message, data);
  }

  /** Marker changes for both parties, or for one (delivery matters only to the sender). */
  receipt(counters: ConversationCounters, onlyUserId?: string) {
    return this.hub.publish(
      { userIds: onlyUserId ? [onlyUserId] : [counters.buyerId, counters.sellerId] },
      CHAT_EVENTS.receipt,
      { conversation: counters },
    );
  }

  typing(toUserId: string, data: ChatTypingEvent) {
    return this.hub.publish({ userIds: [toUserId] }, CHAT_EVENTS.typing, data);
  }

  async presence(userIds: string[], data: ChatPresenceEvent) {
    for (let i = 0; i < userIds.length; i += AUDIENCE_CHUNK) {
      await this.hub.publish({ userIds: userIds.slice(i, i + AUDIENCE_CHUNK) }, CHAT_EVENTS.presence, data);
    }
  }

  block(data: ChatBlockEvent) {
    return this.hub.publish({ userIds: [data.blockerId, data.blockedId] }, CHAT_EVENTS.block, data);
  }
}
