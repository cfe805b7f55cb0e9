import { useEffect, useRef } from 'react';
import { CHAT_EVENTS, type ChatMessageEvent } from '@accountry/shared/chat';
import type { OrderDetail, OrderHistoryEntry } from '@accountry/shared/orders';
import { realtime } from '../../lib/realtime';
import { LiveAnnouncer, useLiveAnnouncer } from '../ui/live-announcer';
import { ACTOR_LABELS } from './order-format';
import { historyTitle } from './order-timeline';

/** Who moved the order, as the update says it: a name and a side, or the provider; the clock goes unnamed. */
function byWhom(h: OrderHistoryEntry) {
  if (h.actorName) return ` (${h.actorName}, ${ACTOR_LABELS[h.actorKind].toLowerCase()})`;
  return h.actorKind === 'system' ? '' : ` (${ACTOR_LABELS[h.actorKind]})`;
}

/**
 * The order page follows the order as others move it (decision 211): each move posts a notice in the order's chat,
 * which reaches the page over the socket, and is then read out. The viewer's own moves are not: their toast says so.
 */
export function OrderUpdates({ order, refresh }: { order: OrderDetail; refresh: () => void }) {
  const { announce, lines } = useLiveAnnouncer();
  const { conversationId } = order;
  useEffect(() => {
    if (!conversationId) return;
    const offs = [
      realtime.on(
        CHAT_EVENTS.message,
        (e: ChatMessageEvent) =>
          e.message.kind === 'system' && e.message.conversationId === conversationId && refresh(),
      ),
      realtime.onResume(refresh),
    ];
    return () => offs.forEach((off) => off());
  }, [conversationId, refresh]);

  // The history as first shown is not news; each entry after it is read out once.
  const seen = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!seen.current) {
      seen.current = new Set(order.history.map((h) => h.id));
      return;
    }
    for (const h of order.history) {
      if (seen.current.has(h.id)) continue;
      seen.current.add(h.id);
      if (h.actorKind !== order.viewerRole) announce(`Order update: ${historyTitle(h)}${byWhom(h)}.`);
    }
  }, [order.history, order.viewerRole, announce]);
  return <LiveAnnouncer label="Order updates" lines={lines} />;
}
