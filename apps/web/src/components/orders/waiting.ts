import { useEffect } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { CHAT_EVENTS, type ChatMessageEvent } from '@accountry/shared/chat';
import { ORDER_ROUTES } from '@accountry/shared/orders';
import { type WaitingCounts } from '@accountry/shared/order-lists';
import { api } from '../../lib/api';
import { realtime } from '../../lib/realtime';

/** Under 'orders', so every order action's refresh (orderKeys.all) recounts it too. */
export const waitingKey = ['orders', 'waiting'] as const;

export const refreshWaiting = (client: QueryClient) => client.invalidateQueries({ queryKey: waitingKey });

/** What the counts lead to: the orders page's lists (orderKeys.list) and every offer list (offerKeys.all). */
const countedListKeys = [['orders', 'list'], ['offers']] as const;

/** What waits for the signed-in member's move (decision 181): orders to pay, check or deliver, offers to answer or buy. */
export function useWaitingCounts(enabled = true) {
  return useQuery({
    queryKey: waitingKey,
    queryFn: () => api<WaitingCounts>(ORDER_ROUTES.waiting),
    enabled,
    // Back on the tab after a while away, the counts are the first thing that may have changed.
    refetchOnWindowFocus: true,
  });
}

export const waitingTotal = (c: WaitingCounts | undefined) =>
  c ? c.purchases + c.sales + c.offersReceived + c.offersMade : 0;

/**
 * Recounts when something may have moved: every order and offer step posts its notice in the listing's chat
 * (decision 120), which reaches both parties' tabs over the socket, and a socket back after a gap may have missed some.
 * The lists the counts lead to are read again with them (those on screen at once), so a list never says less than
 * its count.
 */
export function useWaitingLive(enabled: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const recount = () => {
      void refreshWaiting(client);
      for (const queryKey of countedListKeys) void client.invalidateQueries({ queryKey });
    };
    const offs = [
      realtime.on(CHAT_EVENTS.message, (e: ChatMessageEvent) => e.message.kind === 'system' && recount()),
      realtime.onResume(recount),
    ];
    return () => offs.forEach((off) => off());
  }, [client, enabled]);
}
