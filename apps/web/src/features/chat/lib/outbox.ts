import { CHAT_EVENTS, type ChatAttachment, type ChatMessage, type SendResult } from '@accountry/shared/chat';
import { ApiRequestError } from '../../../lib/api';
import { realtime } from '../../../lib/realtime';
import { chatApi } from '../api/chat-api';
import { newClientId } from './client-id';

export interface PendingMessage {
  clientId: string;
  conversationId: string;
  body: string;
  attachment: ChatAttachment | null;
  createdAt: number;
  /** sending: on its way or waiting for the connection; failed: the server refused it (Retry). */
  status: 'sending' | 'failed';
  error?: string;
}

/** Lost connections are retried on reconnect with the same client id; refusals (4xx) are shown to the sender. */
function isTransient(err: unknown) {
  if (err instanceof ApiRequestError) return err.status === 0 || err.status >= 500;
  return (err as { code?: string }).code === undefined;
}

/**
 * Messages on their way, per tab. They survive switching conversations and reconnects: every (re)connect resends
 * what is still pending, and the server answers a resend with the message it already stored.
 */
class Outbox {
  private pending = new Map<string, PendingMessage>();
  private inFlight = new Set<string>();
  private listeners = new Set<() => void>();
  private sentListeners = new Set<(m: ChatMessage) => void>();
  private version = 0;

  constructor() {
    realtime.on('hello', () => this.flush());
  }

  send(conversationId: string, body: string, attachment: ChatAttachment | null) {
    const msg: PendingMessage = {
      clientId: newClientId(),
      conversationId,
      body,
      attachment,
      createdAt: Date.now(),
      status: 'sending',
    };
    this.pending.set(msg.clientId, msg);
    this.changed();
    void this.attempt(msg.clientId);
  }

  retry(clientId: string) {
    const msg = this.pending.get(clientId);
    if (!msg) return;
    this.pending.set(clientId, { ...msg, status: 'sending', error: undefined });
    this.changed();
    void this.attempt(clientId);
  }

  discard(clientId: string) {
    this.pending.delete(clientId);
    this.changed();
  }

  flush() {
    for (const m of this.pending.values()) if (m.status === 'sending') void this.attempt(m.clientId);
  }

  private async attempt(clientId: string) {
    const msg = this.pending.get(clientId);
    if (!msg || this.inFlight.has(clientId)) return;
    this.inFlight.add(clientId);
    const input = { clientId, body: msg.body, ...(msg.attachment ? { attachmentId: msg.attachment.id } : {}) };
    try {
      const result =
        realtime.status === 'open'
          ? await realtime.request<SendResult>(CHAT_EVENTS.send, { conversationId: msg.conversationId, ...input })
          : await chatApi.send(msg.conversationId, input);
      this.pending.delete(clientId);
      for (const fn of this.sentListeners) fn(result.message);
    } catch (err) {
      const current = this.pending.get(clientId);
      if (current && !isTransient(err))
        this.pending.set(clientId, { ...current, status: 'failed', error: (err as Error).message });
    } finally {
      this.inFlight.delete(clientId);
      this.changed();
    }
  }

  private changed() {
    this.version += 1;
    for (const fn of this.listeners) fn();
  }

  forConversation(conversationId: string) {
    return [...this.pending.values()].filter((m) => m.conversationId === conversationId);
  }

  onSent(fn: (m: ChatMessage) => void) {
    this.sentListeners.add(fn);
    return () => this.sentListeners.delete(fn);
  }

  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  getVersion = () => this.version;
}

export const outbox = new Outbox();
