import { useEffect } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import {
  CHAT_EVENTS,
  type ChatBlockEvent,
  type ChatMessageEvent,
  type ChatPresenceEvent,
  type ChatReceiptEvent,
  type ConversationCounters,
  type ConversationList,
  type ConversationSummary,
} from '@accountry/shared/chat';
import { mergeCounters, messagePreview, unreadFor } from '@accountry/shared/chat-rules';
import { realtime } from '../../../lib/realtime';
import { chatApi, chatKeys } from '../api/chat-api';
import { chatLive } from '../lib/chat-live';

export function useConversationList(q: string) {
  return useInfiniteQuery({
    queryKey: chatKeys.list(q),
    queryFn: async ({ pageParam }) => {
      const page = await chatApi.list(q, pageParam);
      for (const c of page.conversations) chatLive.apply(c.counters);
      return page;
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useConversation(id: string | null) {
  return useQuery({
    queryKey: chatKeys.conversation(id ?? ''),
    queryFn: async () => {
      const { conversation } = await chatApi.get(id!);
      chatLive.apply(conversation.counters);
      return conversation;
    },
    enabled: !!id,
  });
}

type Patch = (c: ConversationSummary) => ConversationSummary;

/** Apply a change to every cached copy of the conversation summaries (lists and details). */
function patchSummaries(client: QueryClient, match: (c: ConversationSummary) => boolean, patch: Patch) {
  client.setQueriesData<InfiniteData<ConversationList>>(
    { queryKey: chatKeys.lists },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((p) => ({ ...p, conversations: p.conversations.map((c) => (match(c) ? patch(c) : c)) })),
      },
  );
  client.setQueriesData<ConversationSummary>({ queryKey: ['chat', 'conversation'] }, (c) =>
    c && match(c) ? patch(c) : c,
  );
}

function withCounters(userId: string, counters: ConversationCounters): Patch {
  return (c) => {
    const merged = mergeCounters(c.counters, counters);
    return { ...c, counters: merged, unread: unreadFor(merged, userId) };
  };
}

/** Newest activity first across the loaded pages, after a message moved a conversation. */
function resort(client: QueryClient) {
  client.setQueriesData<InfiniteData<ConversationList>>({ queryKey: chatKeys.lists }, (data) => {
    if (!data) return data;
    const sizes = data.pages.map((p) => p.conversations.length);
    const all = data.pages
      .flatMap((p) => p.conversations)
      .sort((a, b) => b.counters.updatedAt - a.counters.updatedAt || (a.id < b.id ? 1 : -1));
    let i = 0;
    return { ...data, pages: data.pages.map((p, n) => ({ ...p, conversations: all.slice(i, (i += sizes[n])) })) };
  });
}

function isListed(client: QueryClient, id: string) {
  return client
    .getQueriesData<InfiniteData<ConversationList>>({ queryKey: chatKeys.lists })
    .some(([, d]) => d?.pages.some((p) => p.conversations.some((c) => c.id === id)));
}

/** Keep the cached conversation summaries current from socket events while the chat page is open. */
export function useLiveConversations(userId: string) {
  const client = useQueryClient();
  useEffect(() => {
    const offs = [
      realtime.on(CHAT_EVENTS.message, (e: ChatMessageEvent) => {
        const { message } = e;
        if (!isListed(client, message.conversationId)) void client.invalidateQueries({ queryKey: chatKeys.lists });
        patchSummaries(
          client,
          (c) => c.id === message.conversationId,
          (c) => ({
            ...withCounters(userId, e.conversation)(c),
            lastMessage: {
              preview: messagePreview(message.body),
              senderId: message.senderId,
              attachment: !!message.attachment,
              at: message.createdAt,
            },
          }),
        );
        resort(client);
      }),
      realtime.on(CHAT_EVENTS.receipt, (e: ChatReceiptEvent) => {
        patchSummaries(client, (c) => c.id === e.conversation.id, withCounters(userId, e.conversation));
      }),
      realtime.on(CHAT_EVENTS.presence, (e: ChatPresenceEvent) => {
        patchSummaries(
          client,
          (c) => c.other.id === e.userId,
          (c) => ({ ...c, other: { ...c.other, online: e.online, lastSeen: e.lastSeen ?? c.other.lastSeen } }),
        );
      }),
      realtime.on(CHAT_EVENTS.block, (_e: ChatBlockEvent) => void client.invalidateQueries({ queryKey: chatKeys.all })),
      // Events may have been missed while disconnected or while the server's bus reconnected.
      realtime.onResume(() => void client.invalidateQueries({ queryKey: chatKeys.all })),
    ];
    return () => offs.forEach((off) => off());
  }, [client, userId]);
}
