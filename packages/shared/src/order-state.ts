import type { DeliveryTime, ListingCategory } from './listings';
import { DAY_MS, HOUR_MS, MINUTE_MS } from './durations';

/** The order state machine (issue 11), written once: the server is the only one that moves it. */

export const ORDER_STATES = [
  'pending_payment',
  'paid',
  'delivered',
  'protection',
  'disputed',
  'completed',
  'canceled',
  'expired',
  'refunded',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export const FINAL_STATES: readonly OrderState[] = ['completed', 'canceled', 'expired', 'refunded'];
/** States in which the order holds its listing: a second order for the listing is refused. */
export const OPEN_STATES: readonly OrderState[] = ['pending_payment', 'paid', 'delivered', 'protection', 'disputed'];
export const isFinalState = (s: OrderState) => FINAL_STATES.includes(s);
/**
 * States in which an order may wait for a move of its buyer (pay, or check and confirm) or its seller (deliver, or
 * answer a dispute while the answer is due and not given).
 */
export const WAITING_STATES = {
  purchases: ['pending_payment', 'delivered'],
  sales: ['paid', 'disputed'],
} as const satisfies Record<string, readonly OrderState[]>;

export const ORDER_STATE_LABELS: Record<OrderState, string> = {
  pending_payment: 'Awaiting payment',
  paid: 'Paid, awaiting delivery',
  delivered: 'Delivered, inspection',
  protection: 'Protection period',
  disputed: 'Disputed',
  completed: 'Completed',
  canceled: 'Canceled',
  expired: 'Expired',
  refunded: 'Refunded',
};

/** Who moves an order: its buyer, its seller, an admin, the timer sweep, or the payment provider. */
export const ORDER_ACTORS = ['buyer', 'seller', 'admin', 'system', 'provider'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

export const ORDER_ACTIONS = [
  'pay',
  'expire',
  'cancel',
  'auto_cancel',
  'deliver',
  'confirm',
  'auto_confirm',
  'dispute',
  'complete',
  'refund',
  'partial_refund',
  'release',
  'seller_closed',
  'buyer_closed',
  'blocked',
  'listing_removed',
  'chargeback_lost',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

export interface OrderTransition {
  from: readonly OrderState[];
  to: OrderState;
  by: readonly OrderActor[];
}

/**
 * Every transition. A partial refund ends the order (`refunded`, with the refunded amount; the rest goes to the
 * seller less the fee). A release returns a disputed order to `protection` for the time that was left on its clock
 * (the whole period when the dispute was opened during inspection).
 */
export const ORDER_TRANSITIONS: Record<OrderAction, OrderTransition> = {
  pay: { from: ['pending_payment'], to: 'paid', by: ['buyer', 'provider'] },
  expire: { from: ['pending_payment'], to: 'expired', by: ['system'] },
  cancel: { from: ['pending_payment', 'paid'], to: 'canceled', by: ['buyer'] },
  auto_cancel: { from: ['paid'], to: 'canceled', by: ['system'] },
  deliver: { from: ['paid'], to: 'delivered', by: ['seller'] },
  confirm: { from: ['delivered'], to: 'protection', by: ['buyer'] },
  auto_confirm: { from: ['delivered'], to: 'protection', by: ['system'] },
  dispute: { from: ['delivered', 'protection'], to: 'disputed', by: ['buyer'] },
  complete: { from: ['protection'], to: 'completed', by: ['system'] },
  refund: { from: ['disputed'], to: 'refunded', by: ['admin'] },
  partial_refund: { from: ['disputed'], to: 'refunded', by: ['admin'] },
  release: { from: ['disputed'], to: 'protection', by: ['admin'] },
  // An admin disabled or deleted a party's account (decision 169): what it can no longer finish ends with it.
  seller_closed: { from: ['pending_payment', 'paid'], to: 'canceled', by: ['admin'] },
  buyer_closed: { from: ['pending_payment'], to: 'canceled', by: ['admin'] },
  // One of the two blocked the other (decision 180): an unpaid order can no longer be paid, so it ends there.
  blocked: { from: ['pending_payment'], to: 'canceled', by: ['system'] },
  // An admin deleted the listing (decision 043): what was not paid for it can no longer be.
  listing_removed: { from: ['pending_payment'], to: 'canceled', by: ['admin'] },
  // The card's bank took the payment back (decision 183): what escrow held for the order is gone with it.
  chargeback_lost: { from: ['paid', 'delivered', 'protection', 'disputed'], to: 'refunded', by: ['provider'] },
};

/** The moves made when an admin closes an account, by the side the account has in the order (never a button). */
export const ACCOUNT_CLOSED_ACTIONS = { seller: 'seller_closed', buyer: 'buyer_closed' } as const;
/** Moves another action makes (closing an account, deleting a listing), never an order page's button. */
const notButtons: readonly OrderAction[] = [...Object.values(ACCOUNT_CLOSED_ACTIONS), 'listing_removed'];

export const canTransition = (action: OrderAction, from: OrderState, actor: OrderActor) =>
  ORDER_TRANSITIONS[action].from.includes(from) && ORDER_TRANSITIONS[action].by.includes(actor);

/** The actions a party may take on an order in a state (for the order page's buttons). */
export function availableActions(state: OrderState, actor: OrderActor): OrderAction[] {
  return ORDER_ACTIONS.filter((a) => !notButtons.includes(a) && canTransition(a, state, actor));
}

/** The listing's status after an order reaches a state, or null when the order leaves the listing as it is. */
export function listingStatusAfter(from: OrderState, to: OrderState): 'active' | 'sold' | null {
  if (to === 'delivered') return 'sold';
  const undelivered = from === 'pending_payment' || from === 'paid';
  if ((to === 'canceled' || to === 'expired' || to === 'refunded') && undelivered) return 'active';
  return null;
}

// Due-time rules.
export const PAYMENT_WINDOW_MS = 15 * MINUTE_MS;
export const DELIVERY_GRACE_MS = HOUR_MS;
export const INSPECTION_WINDOW_MS = 72 * HOUR_MS;
export const AUTO_CONFIRM_REMINDER_MS = 12 * HOUR_MS;
export const SELLER_ANSWER_MS = 24 * HOUR_MS;
export const CREDENTIALS_RETENTION_MS = 30 * DAY_MS;
export const REVIEW_WINDOW_MS = 30 * DAY_MS;

/** `instant` counts as one hour. */
export const DELIVERY_TIME_MS: Record<DeliveryTime, number> = {
  instant: HOUR_MS,
  'within-1h': HOUR_MS,
  'within-24h': 24 * HOUR_MS,
  'within-3d': 3 * DAY_MS,
  'within-7d': 7 * DAY_MS,
};

/**
 * How long a paid order waits for the credentials before it is canceled and refunded: the delivery time the listing
 * promises, then the grace (an `instant` listing's order waits two hours).
 */
export const deliveryDeadlineMs = (deliveryTime: DeliveryTime) => DELIVERY_TIME_MS[deliveryTime] + DELIVERY_GRACE_MS;

export const PROTECTION_PERIODS = [0, 5, 14, 30] as const;
export type ProtectionDays = (typeof PROTECTION_PERIODS)[number];
/** Social accounts are the easiest for an original owner to recover, so they are protected longest. */
export const DEFAULT_PROTECTION_DAYS: Record<ListingCategory, ProtectionDays> = {
  game: 14,
  social: 30,
  streaming: 5,
  other: 14,
};
export const PROTECTION_LABELS: Record<ProtectionDays, string> = {
  0: 'No protection period',
  5: '5 days protection',
  14: '14 days protection',
  30: '30 days protection',
};

/** When the order pays out automatically once in protection. */
export const protectionMs = (days: number) => days * DAY_MS;

/** What the timer sweep does to an order in a state, and when (from the moment it entered that state). */
export interface DueRule {
  action: OrderAction;
  after: (order: { deliveryTime: DeliveryTime; protectionDays: number }) => number;
}
export const DUE_RULES: Partial<Record<OrderState, DueRule>> = {
  pending_payment: { action: 'expire', after: () => PAYMENT_WINDOW_MS },
  paid: { action: 'auto_cancel', after: (o) => deliveryDeadlineMs(o.deliveryTime) },
  delivered: { action: 'auto_confirm', after: () => INSPECTION_WINDOW_MS },
  protection: { action: 'complete', after: (o) => protectionMs(o.protectionDays) },
};

/** The due time of an order entering `state` at `enteredAt`, or null when nothing is due (disputed, final). */
export function dueAtFor(
  state: OrderState,
  enteredAt: number,
  order: { deliveryTime: DeliveryTime; protectionDays: number },
): number | null {
  const rule = DUE_RULES[state];
  return rule ? enteredAt + rule.after(order) : null;
}

/**
 * Whether the order's timer has fallen due (its payment window or delivery deadline passed): what the timer does is
 * what happens now, even before the sweep applies it, so a party's move that would change that outcome is refused.
 */
export const pastDue = (order: { dueAt: number | null }, now: number) => order.dueAt !== null && now >= order.dueAt;

/**
 * A dispute may be opened during inspection (before auto-confirm) or during protection, once: after an admin decided
 * one (a release back into protection), the decision is final.
 */
export const canOpenDispute = (state: OrderState, dueAt: number | null, now: number, decided: boolean) =>
  !decided && (state === 'delivered' || state === 'protection') && (dueAt === null || now < dueAt);

/** Orders a buyer may hold unpaid at once: each keeps a listing off the market for the payment window. */
export const MAX_UNPAID_ORDERS = 3;
/** Orders a buyer may start with one seller in 24 hours that go unpaid: each one's end mails the seller (decision 198). */
export const UNPAID_ORDERS_PER_SELLER_PER_DAY = 10;

/** After a full refund the buyer has their money back and no longer sees the credentials. */
export const credentialsWithdrawn = (order: { status: OrderState; refundedCents: number; priceCents: number }) =>
  order.status === 'refunded' && order.refundedCents >= order.priceCents;

/** The platform's fee on an amount, in whole cents (rounded half up). */
export const platformFeeCents = (amountCents: number, percent: number) => Math.round((amountCents * percent) / 100);

/**
 * What a sale pays its seller: what the buyer kept paying (the price less any refund) less the platform's fee, the one
 * taken once it is settled (`feeCents`), else the one the configured percentage will take.
 */
export const sellerShareCents = (
  order: { priceCents: number; refundedCents: number; feeCents: number | null },
  percent: number,
) => {
  const kept = order.priceCents - order.refundedCents;
  return kept - (order.feeCents ?? platformFeeCents(kept, percent));
};
