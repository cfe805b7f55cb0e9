import type { OrderAction, OrderActor } from '@accountry/shared/order-state';

export const orderPagePath = (id: string) => `/orders/${encodeURIComponent(id)}`;

/**
 * What the next timer does, as the countdown's lead-in ("Expires unpaid in 12 min"): for whoever must act before it,
 * what to do; for the other party and admins, what happens.
 */
export const DUE_ACTION_LABELS: Partial<Record<OrderAction, Record<'buyer' | 'seller' | 'admin', string>>> = {
  expire: { buyer: 'Pay within', seller: 'Expires unpaid in', admin: 'Expires unpaid in' },
  auto_cancel: {
    buyer: 'Canceled and refunded unless delivered in',
    seller: 'Deliver the credentials within',
    admin: 'Canceled and refunded unless delivered in',
  },
  auto_confirm: {
    buyer: 'Check the account, then accept it or open a dispute within',
    seller: 'The buyer checks the account; accepted automatically in',
    admin: 'Accepted automatically in',
  },
  complete: {
    buyer: 'You can open a dispute for',
    seller: 'You are paid in',
    admin: 'Seller is paid in',
  },
};

export const ACTOR_LABELS: Record<OrderActor, string> = {
  buyer: 'Buyer',
  seller: 'Seller',
  admin: 'Admin',
  system: 'Automatic',
  provider: 'Payment provider',
};
