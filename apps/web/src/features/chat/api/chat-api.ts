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
import { ApiRequestError, api, csrfHeaders, NETWORK_ERROR_MESSAGE, toQuery } from '../../../lib/api';

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
    let res: Response;
    try {
      res = await fetch(`${base}/conversations/${encodeURIComponent(id)}/attachments`, {
        method: 'POST',
        credentials: 'same-origin',
        body: file,
        headers: {
          accept: 'application/json',
          'content-type': file.type || 'application/octet-stream',
          ...csrfHeaders(),
        },
      });
    } catch {
      throw new ApiRequestError(0, 'NETWORK', NETWORK_ERROR_MESSAGE);
    }
    const data = await res.json().catch(() => null);
    if (!res.ok)
      throw new ApiRequestError(
        res.status,
        data?.error?.code ?? 'UNKNOWN',
        data?.error?.message ?? `Upload failed (${res.status})`,
        data?.error?.fields ?? {},
      );
    return data.attachment;
  },
};
