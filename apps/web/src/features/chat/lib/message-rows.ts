import type { ChatMessage } from '@accountry/shared/chat';
import type { PendingMessage } from './outbox';

/** One row of the history: a stored or pending message, with a day divider above it when the day changes. */
export type MessageRow = {
  key: string;
  body: string;
  attachment: ChatMessage['attachment'];
  createdAt: number;
  mine: boolean;
  /** An order event the server posted: centered, no bubble, no sender, no receipt (decision 120). */
  system: boolean;
  newDay: boolean;
  seq?: number;
  pending?: PendingMessage;
};

const dayKey = (ms: number) => new Date(ms).toDateString();

/** Stored messages in sequence order, then the pending ones; computed once per change, not per rendered row. */
export function toRows(messages: ChatMessage[], pending: PendingMessage[], userId: string): MessageRow[] {
  const rows: MessageRow[] = [
    ...messages.map((m) => ({
      key: m.id,
      body: m.body,
      attachment: m.attachment,
      createdAt: m.createdAt,
      mine: m.kind === 'user' && m.senderId === userId,
      system: m.kind === 'system',
      newDay: false,
      seq: m.seq,
    })),
    ...pending.map((m) => ({
      key: m.clientId,
      body: m.body,
      attachment: m.attachment,
      createdAt: m.createdAt,
      mine: true,
      system: false,
      newDay: false,
      pending: m,
    })),
  ];
  let day = '';
  for (const row of rows) {
    const d = dayKey(row.createdAt);
    row.newDay = d !== day;
    day = d;
  }
  return rows;
}
