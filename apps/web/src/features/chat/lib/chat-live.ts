import {
  CHAT_EVENTS,
  type ChatMessageEvent,
  type ChatReceiptEvent,
  type ConversationCounters,
  type UnreadSummary,
} from '@accountry/shared/chat';
import { mergeCounters, unreadFor } from '@accountry/shared/chat-rules';
import { realtime } from '../../../lib/realtime';

/**
 * The signed-in user's unread counts, kept live over the tab's socket for the header badge and the chat page:
 * a snapshot on every (re)connect, then the counters carried by each message and receipt event.
 * It also tells the server when a message reached this device (the sender's "delivered").
 */
class ChatLive {
  private userId: string | null = null;
  private unread = new Map<string, number>();
  private counters = new Map<string, ConversationCounters>();
  private listeners = new Set<() => void>();
  private offs: Array<() => void> = [];
  private total = 0;

  start(userId: string) {
    if (this.userId === userId) return;
    this.stop();
    this.userId = userId;
    this.offs = [
      realtime.onResume(() => void this.refresh()),
      realtime.on(CHAT_EVENTS.message, (e: ChatMessageEvent) => this.onMessage(e)),
      realtime.on(CHAT_EVENTS.receipt, (e: ChatReceiptEvent) => this.apply(e.conversation)),
    ];
    if (realtime.status === 'open') void this.refresh();
  }

  stop() {
    for (const off of this.offs) off();
    this.offs = [];
    this.userId = null;
    this.unread.clear();
    this.counters.clear();
    this.set();
  }

  async refresh() {
    try {
      const summary = await realtime.request<UnreadSummary>(CHAT_EVENTS.unread, {});
      this.unread = new Map(Object.entries(summary.conversations));
      // Counters heard since are newer than anything the snapshot can contradict.
      for (const c of this.counters.values()) this.unread.set(c.id, unreadFor(c, this.userId ?? ''));
      this.set();
    } catch {
      // Offline: the next hello refreshes.
    }
  }

  /** Counters from any source (events, the conversation list) move the count forward, never back. */
  apply(c: ConversationCounters) {
    if (!this.userId) return;
    const merged = mergeCounters(this.counters.get(c.id), c);
    this.counters.set(c.id, merged);
    this.unread.set(c.id, unreadFor(merged, this.userId));
    this.set();
  }

  countersFor(id: string) {
    return this.counters.get(id);
  }

  private onMessage(e: ChatMessageEvent) {
    this.apply(e.conversation);
    if (this.userId && e.message.senderId !== this.userId) {
      realtime.send(CHAT_EVENTS.delivered, { conversationId: e.message.conversationId, seq: e.message.seq });
    }
  }

  private set() {
    let total = 0;
    for (const n of this.unread.values()) total += n;
    this.total = total;
    for (const fn of this.listeners) fn();
  }

  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  getTotal = () => this.total;
  getUnread = (id: string) => this.unread.get(id) ?? 0;
}

export const chatLive = new ChatLive();
