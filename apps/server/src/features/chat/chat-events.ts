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
import { seenBy, withBlock } from './block-receipts';

/** Room for the bus envelope around an event's data. */
const ENVELOPE_BYTES = 400;
/** User ids per published audience, so a presence change to many people still fits one NOTIFY. */
const AUDIENCE_CHUNK = 150;

/** Fan-out of chat events after the data is stored; a failed publish is logged by the hub, never undoes the write. */
export class ChatEvents {
  constructor(private readonly hub: SocketHub) {}

  /**
   * A new message for both parties; a body too large for one NOTIFY is left out and fetched by the clients. Within one
   * process (no size limit) the event is not serialised to measure it: the fan-out serialises it once. Across a block
   * (only a system message gets there) each party gets the counters without the other's markers (decision 236).
   */
  message(counters: ConversationCounters, message: ChatMessage, blocked = false) {
    // The send path's events (never across a block) keep their one publish.
    if (!blocked) return this.messageTo([counters.buyerId, counters.sellerId], counters, message);
    return this.messageToEach(counters, message);
  }

  private async messageToEach(counters: ConversationCounters, message: ChatMessage) {
    for (const userId of [counters.buyerId, counters.sellerId])
      await this.messageTo([userId], seenBy(counters, userId), message);
  }

  private messageTo(userIds: string[], counters: ConversationCounters, message: ChatMessage) {
    let data: ChatMessageEvent = { message, conversation: counters };
    const limit = this.hub.bus.maxEventBytes;
    if (limit !== undefined && Buffer.byteLength(JSON.stringify(data)) + ENVELOPE_BYTES > limit)
      data = { message: { ...message, body: '' }, conversation: counters, truncated: true };
    return this.hub.publish({ userIds }, CHAT_EVENTS.message, data);
  }

  /**
   * A read marker moved: both parties hear it, the reader's other tabs for their badges. Across a block only the
   * reader does, without the other's markers (decision 236).
   */
  read(counters: ConversationCounters, readerId: string, blocked: boolean) {
    return blocked
      ? this.receipt([readerId], seenBy(counters, readerId))
      : this.receipt([counters.buyerId, counters.sellerId], counters);
  }

  /** A delivered marker moved: only the sender is told ("delivered" is theirs to show), and not across a block. */
  delivered(counters: ConversationCounters, senderId: string, blocked: boolean) {
    if (!blocked) return this.receipt([senderId], counters);
  }

  /** The delivered markers `deliverAll` moved for one member's device, each row with its block: the senders told. */
  async deliveredTo(recipientId: string, rows: Array<ConversationCounters & { blocked: boolean | number }>) {
    for (const row of rows) {
      const { counters, blocked } = withBlock(row);
      await this.delivered(counters, counters.buyerId === recipientId ? counters.sellerId : counters.buyerId, blocked);
    }
  }

  private receipt(userIds: string[], counters: ConversationCounters) {
    return this.hub.publish({ userIds }, CHAT_EVENTS.receipt, { conversation: counters });
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
