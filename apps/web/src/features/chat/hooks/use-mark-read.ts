import { useEffect, useRef } from 'react';
import { CHAT_EVENTS } from '@accountry/shared/chat';
import { realtime } from '../../../lib/realtime';
import { chatApi } from '../api/chat-api';

/** Tell the server (and so the sender) that the open conversation was read up to seq, while the tab is visible. */
export function useMarkRead(conversationId: string | null, seq: number, readSeq: number) {
  const sent = useRef<{ id: string; seq: number } | null>(null);
  useEffect(() => {
    if (!conversationId) return;
    const mark = () => {
      if (document.visibilityState !== 'visible' || seq <= readSeq) return;
      if (sent.current?.id === conversationId && sent.current.seq >= seq) return;
      sent.current = { id: conversationId, seq };
      const done =
        realtime.status === 'open'
          ? realtime.request(CHAT_EVENTS.read, { conversationId, seq })
          : chatApi.read(conversationId, seq);
      done.catch(() => {
        // Try again on the next change or when the tab is shown again.
        sent.current = null;
      });
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [conversationId, seq, readSeq]);
}
