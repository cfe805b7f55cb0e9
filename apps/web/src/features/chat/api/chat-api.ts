import type {
  BlockedUsers,
  ChatAttachment,
  ConversationList,
  ConversationSummary,
  MessagePage,
  ReportConversationInput,
  SendMessageInput,
  SendResult,
  UnreadSummary,
} from '@accountry/shared/chat';
import { api, toQuery } from '../../../lib/api';

const base = '/api/chat';

export const chatKeys = {
  all: ['chat'] as const,
  lists: ['chat', 'conversations'] as const,
  list: (q: string) => ['chat', 'conversations', q] as const,
  conversation: (id: string) => ['chat', 'conversation', id] as const,
};

export const chatApi = {
  open: (listingId: string) =>
    api<{ conversation: ConversationSummary; created: boolean }>(`${base}/conversations`, { body: { listingId } }),
  list: (q: string, cursor?: string) => api<ConversationList>(`${base}/conversations${toQuery({ q, cursor })}`),
  get: (id: string) => api<{ conversation: ConversationSummary }>(`${base}/conversations/${encodeURIComponent(id)}`),
  before: (id: string, before?: number) =>
    api<MessagePage>(`${base}/conversations/${encodeURIComponent(id)}/messages${toQuery({ before })}`),
  after: (id: string, after: number) =>
    api<MessagePage>(`${base}/conversations/${encodeURIComponent(id)}/messages${toQuery({ after, limit: 100 })}`),
  send: (id: string, input: SendMessageInput) =>
    api<SendResult>(`${base}/conversations/${encodeURIComponent(id)}/messages`, { body: input }),
  read: (id: string, seq: number) =>
    api<{ moved: boolean }>(`${base}/conversations/${encodeURIComponent(id)}/read`, { body: { seq } }),
  unread: () => api<UnreadSummary>(`${base}/unread`),
  report: (id: string, input: ReportConversationInput) =>
    api<{ id: string; message: string }>(`${base}/conversations/${encodeURIComponent(id)}/report`, { body: input }),
  blocked: () => api<BlockedUsers>(`${base}/blocks`),
  block: (userId: string) => api<void>(`${base}/blocks`, { body: { userId } }),
  unblock: (userId: string) => api<void>(`${base}/blocks/${encodeURIComponent(userId)}`, { method: 'DELETE' }),

  /** The image itself is the request body; the server decides what it is. */
  async upload(id: string, file: File): Promise<ChatAttachment> {
    const res = await api<{ attachment: ChatAttachment }>(
      `${base}/conversations/${encodeURIComponent(id)}/attachments`,
      { file },
    );
    return res.attachment;
  },
};
