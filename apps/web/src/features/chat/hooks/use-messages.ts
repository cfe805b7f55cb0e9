import { useCallback, useEffect, useMemo, useReducer, useRef, useSyncExternalStore } from 'react';
import {
  CHAT_EVENTS,
  type ChatMessage,
  type ChatMessageEvent,
  type ChatReceiptEvent,
  type ConversationCounters,
} from '@accountry/shared/chat';
import { mergeCounters } from '@accountry/shared/chat-rules';
import { realtime } from '../../../lib/realtime';
import { chatApi } from '../api/chat-api';
import { outbox } from '../lib/outbox';

interface State {
  messages: ChatMessage[];
  counters: ConversationCounters | null;
  hasMore: boolean;
  loading: boolean;
  loadingOlder: boolean;
  error: string | null;
}

type Action =
  | { type: 'reset'; counters: ConversationCounters | null }
  | { type: 'loaded'; messages: ChatMessage[]; hasMore: boolean }
  | { type: 'older'; messages: ChatMessage[]; hasMore: boolean }
  | { type: 'merge'; messages: ChatMessage[] }
  | { type: 'counters'; counters: ConversationCounters }
  | { type: 'loadingOlder' }
  | { type: 'error'; error: string };

/** One copy per message id, in sequence order: live events, resends and fetched pages can overlap. */
export function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]) {
  if (!incoming.length) return current;
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) if (!byId.has(m.id) || (m.body && !byId.get(m.id)!.body)) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

function reducer(state: State, a: Action): State {
  switch (a.type) {
    case 'reset':
      return { messages: [], counters: a.counters, hasMore: false, loading: true, loadingOlder: false, error: null };
    case 'loaded':
      return {
        ...state,
        messages: mergeMessages(state.messages, a.messages),
        hasMore: a.hasMore,
        loading: false,
        error: null,
      };
    case 'older':
      return { ...state, messages: mergeMessages(state.messages, a.messages), hasMore: a.hasMore, loadingOlder: false };
    case 'merge':
      return { ...state, messages: mergeMessages(state.messages, a.messages) };
    case 'counters':
      return { ...state, counters: state.counters ? mergeCounters(state.counters, a.counters) : a.counters };
    case 'loadingOlder':
      return { ...state, loadingOlder: true };
    case 'error':
      return { ...state, loading: false, loadingOlder: false, error: a.error };
  }
}

/**
 * The open conversation's messages: the newest page, older pages on demand (keyset by seq), live events, and
 * after a reconnect everything after the last message seen. Pending sends come from the outbox.
 */
export function useMessages(conversationId: string | null, initialCounters: ConversationCounters | null) {
  const [state, dispatch] = useReducer(reducer, {
    messages: [],
    counters: initialCounters,
    hasMore: false,
    loading: !!conversationId,
    loadingOlder: false,
    error: null,
  });
  const latest = useRef(state);
  latest.current = state;

  /** Everything after the newest message we hold, page by page. */
  const catchUp = useCallback(async (id: string) => {
    let after = latest.current.messages.at(-1)?.seq ?? 0;
    for (let i = 0; i < 20; i++) {
      const page = await chatApi.after(id, after);
      dispatch({ type: 'merge', messages: page.messages });
      if (!page.hasMore || !page.messages.length) return;
      after = page.messages.at(-1)!.seq;
    }
  }, []);

  useEffect(() => {
    if (!conversationId) return;
    let live = true;
    dispatch({ type: 'reset', counters: initialCounters });
    chatApi.before(conversationId).then(
      (page) => live && dispatch({ type: 'loaded', messages: page.messages, hasMore: page.hasMore }),
      (err: Error) => live && dispatch({ type: 'error', error: err.message }),
    );
    const offs = [
      realtime.on(CHAT_EVENTS.message, (e: ChatMessageEvent) => {
        if (e.message.conversationId !== conversationId) return;
        dispatch({ type: 'counters', counters: e.conversation });
        // A body too large for the event is fetched instead.
        if (e.truncated) void catchUp(conversationId).catch(() => undefined);
        else dispatch({ type: 'merge', messages: [e.message] });
      }),
      realtime.on(CHAT_EVENTS.receipt, (e: ChatReceiptEvent) => {
        if (e.conversation.id === conversationId) dispatch({ type: 'counters', counters: e.conversation });
      }),
      realtime.onResume(() => {
        if (!latest.current.loading) void catchUp(conversationId).catch(() => undefined);
      }),
      outbox.onSent((m) => {
        if (m.conversationId === conversationId) dispatch({ type: 'merge', messages: [m] });
      }),
    ];
    return () => {
      live = false;
      offs.forEach((off) => off());
    };
    // initialCounters only seeds a new conversation; later changes arrive as events.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [conversationId, catchUp]);

  useEffect(() => {
    if (initialCounters) dispatch({ type: 'counters', counters: initialCounters });
  }, [initialCounters]);

  const loadOlder = useCallback(async () => {
    const s = latest.current;
    if (!conversationId || s.loadingOlder || !s.hasMore || !s.messages.length) return;
    dispatch({ type: 'loadingOlder' });
    try {
      const page = await chatApi.before(conversationId, s.messages[0].seq);
      dispatch({ type: 'older', messages: page.messages, hasMore: page.hasMore });
    } catch (err) {
      dispatch({ type: 'error', error: (err as Error).message });
    }
  }, [conversationId]);

  const version = useSyncExternalStore(outbox.subscribe, outbox.getVersion);
  const pending = useMemo(() => {
    void version;
    if (!conversationId) return [];
    const stored = new Set(state.messages.map((m) => m.clientId));
    return outbox.forConversation(conversationId).filter((p) => !stored.has(p.clientId));
  }, [conversationId, state.messages, version]);

  return { ...state, pending, loadOlder };
}
