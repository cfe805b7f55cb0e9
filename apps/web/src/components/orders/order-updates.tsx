import { useCallback, useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ORDER_EVENTS, type OrderUpdatedEvent } from '@accountry/shared/order-events';
import type { OrderDetail, OrderHistoryEntry } from '@accountry/shared/orders';
import type { DisputeStatement } from '@accountry/shared/disputes';
import { realtime } from '../../lib/realtime';
import { useSession } from '../../lib/session';
import { LiveAnnouncer, useLiveAnnouncer } from '../ui/live-announcer';
import { ACTOR_LABELS } from './order-format';
import { historyTitle } from './order-timeline';
import { statementsQuery } from './dispute-statements';

/** Who moved the order, as the update says it: a name and a side, or the provider; the clock goes unnamed. */
function byWhom(h: OrderHistoryEntry) {
  if (h.actorName) return ` (${h.actorName}, ${ACTOR_LABELS[h.actorKind].toLowerCase()})`;
  return h.actorKind === 'system' ? '' : ` (${ACTOR_LABELS[h.actorKind]})`;
}

/** A new statement in the dispute as it is read out: "New statement in the dispute (Kai, seller)." */
function statementNews(s: DisputeStatement) {
  const what = s.evidenceUrl ? 'New statement in the dispute, with an image' : 'New statement in the dispute';
  return `${what} (${s.authorName}, ${ACTOR_LABELS[s.authorRole].toLowerCase()}).`;
}

/** Reads out once each item that was not in the list as first shown and that `isNews` accepts. */
function useNewItems<T extends { id: string }>(
  items: T[] | undefined,
  isNews: (item: T) => boolean,
  say: (item: T) => void,
) {
  const seen = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!items) return;
    if (!seen.current) {
      seen.current = new Set(items.map((i) => i.id));
      return;
    }
    for (const item of items) {
      if (seen.current.has(item.id)) continue;
      seen.current.add(item.id);
      if (isNews(item)) say(item);
    }
  }, [items, isNews, say]);
}

/**
 * The order page follows the order as others change it (decision 211): every committed move, hold or statement sends
 * one order update over the socket, to its parties and admins alike, and the page refetches on it (the chat's notices
 * of the same moves are left to the chat, so a move is fetched and read out once). New history entries and statements
 * are then read out, except the viewer's own: their toast or the thread says so. `paying`: the viewer waits for the
 * provider to confirm their own payment, which the page says itself, so its confirmation is theirs too.
 */
export function OrderUpdates({
  order,
  refresh,
  paying = false,
}: {
  order: OrderDetail;
  refresh: () => void;
  paying?: boolean;
}) {
  const { announce, lines } = useLiveAnnouncer();
  const client = useQueryClient();
  const me = useSession().user?.uid;
  const { id } = order;
  useEffect(() => {
    const refetch = () => {
      refresh();
      void client.invalidateQueries({ queryKey: statementsQuery(id).queryKey });
    };
    const offs = [
      realtime.on(ORDER_EVENTS.updated, (e: OrderUpdatedEvent) => e.orderId === id && refetch()),
      realtime.onResume(refetch),
    ];
    return () => offs.forEach((off) => off());
  }, [id, refresh, client]);

  // The history and the thread as first shown are not news; each entry after them is read out once.
  const { viewerRole } = order;
  useNewItems(
    order.history,
    useCallback(
      (h: OrderHistoryEntry) =>
        h.actorKind !== viewerRole && !(paying && h.from === 'pending_payment' && h.to === 'paid'),
      [viewerRole, paying],
    ),
    useCallback((h: OrderHistoryEntry) => announce(`Order update: ${historyTitle(h)}${byWhom(h)}.`), [announce]),
  );
  const thread = useQuery({ ...statementsQuery(id), enabled: order.dispute !== null });
  useNewItems(
    thread.data?.items,
    useCallback((s: DisputeStatement) => s.authorId !== me, [me]),
    useCallback((s: DisputeStatement) => announce(statementNews(s)), [announce]),
  );
  return <LiveAnnouncer label="Order updates" lines={lines} />;
}
