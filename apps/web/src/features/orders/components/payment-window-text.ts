import { MINUTE_MS } from '@accountry/shared/durations';
import type { OrderDetail } from '@accountry/shared/orders';

/** From this much time left, the buyer is told the time to pay is nearly over (and a screen reader says so once). */
export const CLOSING_SOON_MS = 5 * MINUTE_MS;

export type PaymentStage = 'open' | 'closing' | 'closed';

/**
 * Whether the order shows its buyer the payment window beside Pay: while they may pay it. The window then says the one
 * deadline, so the page's own countdown to the same time stays away (shown and read out once).
 */
export const showsPaymentWindow = (order: Pick<OrderDetail, 'actions' | 'viewerRole'>) =>
  order.viewerRole === 'buyer' && order.actions.includes('pay');

export const paymentStage = (msLeft: number): PaymentStage =>
  msLeft <= 0 ? 'closed' : msLeft <= CLOSING_SOON_MS ? 'closing' : 'open';

/** What an unpaid order tells its buyer beside Pay: how long the listing stays theirs, and what happens after. */
export const PAYMENT_WINDOW_TEXT = {
  reserved: (until: string, left: string) => `The listing is reserved for you until ${until} (${left} left).`,
  runsOut: 'If the order is not paid by then, it expires and the listing is offered to others again.',
  closing: 'Less than 5 minutes left to pay.',
  closed: 'The time to pay has run out: the order expires and the listing is offered to others again.',
  fromBalance: 'You pay from your available balance.',
  topUp: 'Top up your balance',
  /** Read out once when the stage changes (a live region), never on every redraw of the time left. */
  announced: {
    open: '',
    closing: 'Less than 5 minutes left to pay this order.',
    closed: 'The time to pay this order has run out.',
  } satisfies Record<PaymentStage, string>,
} as const;

/** Whole minutes left, rounded down so it never promises more time than there is: "14 min", "1 h 5 min". */
export function minutesLeftText(msLeft: number): string {
  const minutes = Math.floor(Math.max(0, msLeft) / MINUTE_MS);
  if (minutes < 1) return 'less than a minute';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${minutes} min`;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

/** When the text next changes (the next whole minute down, which the stages' edges are too); null once it ran out. */
export function nextPaymentRedrawMs(msLeft: number): number | null {
  return msLeft <= 0 ? null : (msLeft % MINUTE_MS) + 1;
}
