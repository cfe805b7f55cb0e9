import type { ConversationCounters } from '@accountry/shared/chat';
import type { MessagesTable } from '../../db/schema';

export type Side = 'buyer' | 'seller';

/** A plain text message whose conversation and parties are known; the store checks everything else. */
export type NewMessage = {
  id: string;
  conversationId: string;
  side: Side;
  senderId: string;
  recipientId: string;
  clientId: string;
  body: string;
  preview: string;
  now: number;
};

export interface StoredMessage {
  row: MessagesTable;
  counters: ConversationCounters;
}

/** A delivered marker to move forward: the conversation, the recipient's side and the seq their device holds. */
export interface DeliveredMark {
  conversationId: string;
  side: Side;
  seq: number;
}

/**
 * The chat write path, built for throughput (decision 130). `store` keeps the message only when every send check
 * passes (no block either way, recipient active, client id not stored yet) and answers null otherwise, so the caller
 * works out the refusal by the one careful path. Both publish their events after commit, in commit order.
 */
export interface MessageStore {
  store(message: NewMessage): Promise<StoredMessage | null>;
  /** Moves the markers; answers, for each mark, whether it moved its side's marker. */
  delivered(marks: DeliveredMark[]): Promise<boolean[]>;
}

export const COUNTER_SQL = `id, buyer_id as "buyerId", seller_id as "sellerId", last_seq as "lastSeq",
  buyer_read_seq as "buyerReadSeq", seller_read_seq as "sellerReadSeq", buyer_delivered_seq as "buyerDeliveredSeq",
  seller_delivered_seq as "sellerDeliveredSeq", updated_at as "updatedAt"`;

/** The stored row for a message numbered `seq`. */
export function messageRow(m: NewMessage, seq: number): MessagesTable {
  return {
    id: m.id,
    conversationId: m.conversationId,
    seq,
    kind: 'user',
    senderId: m.senderId,
    clientId: m.clientId,
    body: m.body,
    attachmentId: null,
    attachmentWidth: null,
    attachmentHeight: null,
    createdAt: m.now,
  };
}
