import dayjs from 'dayjs';
import type { OrderAction, OrderActor } from '@accountry/shared/order-state';

/** "23 Nov 2026, 14:05" in the viewer's time zone. */
export const formatOrderTime = (ms: number) => dayjs(ms).format('D MMM YYYY, HH:mm');

export const orderPagePath = (id: string) => `/orders/${encodeURIComponent(id)}`;

/** What the next timer does, as the countdown's lead-in ("Expires unpaid in 12 min"). */
export const DUE_ACTION_LABELS: Partial<Record<OrderAction, string>> = {
  expire: 'Expires unpaid in',
  auto_cancel: 'Canceled and refunded unless delivered in',
  auto_confirm: 'Accepted automatically in',
  complete: 'Seller is paid in',
};

export const ACTOR_LABELS: Record<OrderActor, string> = {
  buyer: 'Buyer',
  seller: 'Seller',
  admin: 'Admin',
  system: 'Automatic',
  provider: 'Payment provider',
};
