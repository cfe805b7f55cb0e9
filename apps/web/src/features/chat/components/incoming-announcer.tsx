import { useEffect, useRef } from 'react';
import type { ChatMessage } from '@accountry/shared/chat';
import { LiveAnnouncer, useLiveAnnouncer } from '../../../components/ui/live-announcer';

/** How a new message is read out: who sent it and what it says (or that it is an image). */
function spoken(m: ChatMessage, otherName: string) {
  if (m.kind === 'system') return `Update from Accountry: ${m.body}`;
  return m.body ? `${otherName}: ${m.body}` : `${otherName} sent an image.`;
}

/**
 * Reads out each message that arrives while the conversation is open (decision 211): the other person's and the order
 * notices, not the member's own, not the history as it loads or as older pages go in above.
 */
export function IncomingAnnouncer(props: {
  messages: ChatMessage[];
  loading: boolean;
  userId: string;
  otherName: string;
}) {
  const { messages, loading, userId, otherName } = props;
  const { announce, lines } = useLiveAnnouncer();
  // The newest sequence number already on the page; null until the history has loaded.
  const newest = useRef<number | null>(null);
  useEffect(() => {
    if (loading) return;
    const last = messages.at(-1)?.seq ?? 0;
    if (newest.current === null) {
      newest.current = last;
      return;
    }
    // In sequence order, from the newest back to the first one already seen.
    const fresh: ChatMessage[] = [];
    for (let i = messages.length - 1; i >= 0 && messages[i].seq > newest.current; i--) fresh.unshift(messages[i]);
    for (const m of fresh) if (m.senderId !== userId) announce(spoken(m, otherName));
    newest.current = Math.max(newest.current, last);
  }, [messages, loading, userId, otherName, announce]);
  return <LiveAnnouncer label="Conversation updates" lines={lines} />;
}
