import { DELIVERY_TIMES, type DeliveryTime } from './listings';
import { HOUR_MS, deliveryDeadlineMs } from './order-state';

const hours = (n: number) => `${n} hour${n === 1 ? '' : 's'}`;

/** A deadline in words, to the hour: "2 hours", "25 hours", "3 days and 1 hour". */
export function formatDeadline(ms: number): string {
  const whole = Math.ceil(ms / HOUR_MS);
  if (whole < 48) return hours(whole);
  const rest = whole % 24;
  return `${Math.floor(whole / 24)} days${rest ? ` and ${hours(rest)}` : ''}`;
}

const isDeliveryTime = (t: string): t is DeliveryTime => (DELIVERY_TIMES as readonly string[]).includes(t);

/**
 * What a listing's delivery time holds its seller to, in one sentence for the seller choosing it and one for the buyer
 * reading it: the order sweep cancels and refunds a paid order whose credentials have not arrived by then (the
 * promised time and the grace after it, `deliveryDeadlineMs`), so the figure is the sweep's own.
 */
export const DELIVERY_DEADLINE_NOTES = {
  seller(t: string): string | undefined {
    if (!isDeliveryTime(t)) return undefined;
    const late = `haven't arrived within ${formatDeadline(deliveryDeadlineMs(t))}`;
    const canceled = 'the order is canceled and refunded.';
    return t === 'instant'
      ? `Instant means you deliver the credentials as soon as the buyer pays: if they ${late}, ${canceled}`
      : `If the credentials ${late} of payment, ${canceled}`;
  },
  buyer(t: DeliveryTime): string {
    const late = `haven't arrived within ${formatDeadline(deliveryDeadlineMs(t))}`;
    const canceled = "the order is canceled and you're refunded.";
    return t === 'instant'
      ? `Instant means the seller delivers the credentials as soon as you pay: if they ${late}, ${canceled}`
      : `If the credentials ${late} of your payment, ${canceled}`;
  },
};
