import type { ChatMessage } from '@accountry/shared/chat';
import type { MessagesTable } from '../../db/schema';

/** Where a chat image is served, to the conversation's parties only (decision 052). */
export const attachmentUrl = (id: string) => `/api/chat/attachments/${id}`;

/** A stored message as the API and the socket events give it. */
export function toMessage(row: MessagesTable): ChatMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    seq: row.seq,
    kind: row.kind,
    senderId: row.senderId,
    clientId: row.clientId,
    body: row.body,
    attachment: row.attachmentId
      ? {
          id: row.attachmentId,
          url: attachmentUrl(row.attachmentId),
          width: row.attachmentWidth ?? 0,
          height: row.attachmentHeight ?? 0,
        }
      : null,
    createdAt: row.createdAt,
  };
}
