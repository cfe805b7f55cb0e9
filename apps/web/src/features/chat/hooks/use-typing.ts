import { useCallback, useEffect, useRef, useState } from 'react';
import {
  CHAT_EVENTS,
  CHAT_TYPING_THROTTLE_MS,
  CHAT_TYPING_VISIBLE_MS,
  type ChatMessageEvent,
  type ChatTypingEvent,
} from '@accountry/shared/chat';
import { realtime } from '../../../lib/realtime';

/** Whether the other party is typing in this conversation (cleared when their message arrives or after a pause). */
export function useOtherTyping(conversationId: string | null, otherId: string | undefined) {
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    setTyping(false);
    if (!conversationId || !otherId) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const offs = [
      realtime.on(CHAT_EVENTS.typing, (e: ChatTypingEvent) => {
        if (e.conversationId !== conversationId || e.userId !== otherId) return;
        setTyping(true);
        clearTimeout(timer);
        timer = setTimeout(() => setTyping(false), CHAT_TYPING_VISIBLE_MS);
      }),
      realtime.on(CHAT_EVENTS.message, (e: ChatMessageEvent) => {
        if (e.message.conversationId === conversationId && e.message.senderId === otherId) {
          clearTimeout(timer);
          setTyping(false);
        }
      }),
    ];
    return () => {
      clearTimeout(timer);
      offs.forEach((off) => off());
    };
  }, [conversationId, otherId]);
  return typing;
}

/** Call on every keystroke; the signal goes out at most every few seconds. */
export function useTypingSignal(conversationId: string | null) {
  const last = useRef(0);
  useEffect(() => {
    last.current = 0;
  }, [conversationId]);
  return useCallback(() => {
    if (!conversationId) return;
    const now = Date.now();
    if (now - last.current < CHAT_TYPING_THROTTLE_MS) return;
    last.current = now;
    realtime.send(CHAT_EVENTS.typing, { conversationId });
  }, [conversationId]);
}
