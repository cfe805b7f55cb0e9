import { DELIVERY_TIMES, type DeliveryTime } from './listings';
import { DELIVERY_GRACE_MS, DELIVERY_TIME_MS, deliveryDeadlineMs } from './order-state';
import { HOUR_MS } from './durations';

const hours = (n: number) => `${n} hour${n === 1 ? '' : 's'}`;

/** A deadline in words, to the hour: "2 hours", "25 hours", "3 days and 1 hour". */
export function formatDeadline(ms: number): string {
  const whole = Math.ceil(ms / HOUR_MS);
  if (whole < 48) return hours(whole);
  const rest = whole % 24;
  return `${Math.floor(whole / 24)} days${rest ? ` and ${hours(rest)}` : ''}`;
}

const isDeliveryTime = (t: string): t is DeliveryTime => (DELIVERY_TIMES as readonly string[]).includes(t);

/** "1 hour's grace", "2 hours' grace". */
function grace(): string {
  const words = formatDeadline(DELIVERY_GRACE_MS);
  return `${words}${words.endsWith('s') ? "'" : "'s"} grace`;
}

/**
 * What a listing's delivery time holds its seller to, in one sentence for the seller choosing it and one for the buyer
 * reading it: the order sweep cancels and refunds a paid order whose credentials have not arrived by then (the
 * promised time and the grace after it, `deliveryDeadlineMs`), so the figures are the sweep's own. The grace is
 * named, so the later deadline does not read as a contradiction of the promise.
 */
export const DELIVERY_DEADLINE_NOTES = {
  seller(t: string): string | undefined {
    if (!isDeliveryTime(t)) return undefined;
    const promised = formatDeadline(DELIVERY_TIME_MS[t]);
    const promise =
      t === 'instant'
        ? `Instant means you deliver the credentials as soon as the buyer pays, within ${promised}`
        : `You promise delivery within ${promised} of payment`;
    return `${promise}; you have ${grace()} after that. If nothing has arrived ${formatDeadline(deliveryDeadlineMs(t))} after payment, the order is canceled and the buyer is refunded automatically.`;
  },
  buyer(t: DeliveryTime): string {
    const promised = formatDeadline(DELIVERY_TIME_MS[t]);
    const promise =
      t === 'instant'
        ? `The seller promises delivery as soon as you pay, within ${promised}`
        : `The seller promises delivery within ${promised}`;
    return `${promise}. If nothing has arrived ${formatDeadline(deliveryDeadlineMs(t))} after you pay (${grace()}), the order is canceled and you're refunded automatically.`;
  },
};
