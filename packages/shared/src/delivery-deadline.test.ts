import { describe, expect, it } from 'vitest';
import { DELIVERY_DEADLINE_NOTES, formatDeadline } from './delivery-deadline';
import { HOUR_MS } from './durations';

describe('formatDeadline', () => {
  it.each([
    [HOUR_MS, '1 hour'],
    [2 * HOUR_MS, '2 hours'],
    [25 * HOUR_MS, '25 hours'],
    [48 * HOUR_MS, '2 days'],
    [73 * HOUR_MS, '3 days and 1 hour'],
    [169 * HOUR_MS, '7 days and 1 hour'],
  ])('says %i ms as "%s"', (ms, words) => expect(formatDeadline(ms)).toBe(words));
});

describe('DELIVERY_DEADLINE_NOTES', () => {
  it.each([
    [
      'instant',
      "Instant means you deliver the credentials as soon as the buyer pays, within 1 hour; you have 1 hour's grace after that. If nothing has arrived 2 hours after payment, the order is canceled and the buyer is refunded automatically.",
      "The seller promises delivery as soon as you pay, within 1 hour. If nothing has arrived 2 hours after you pay (1 hour's grace), the order is canceled and you're refunded automatically.",
    ],
    [
      'within-1h',
      "You promise delivery within 1 hour of payment; you have 1 hour's grace after that. If nothing has arrived 2 hours after payment, the order is canceled and the buyer is refunded automatically.",
      "The seller promises delivery within 1 hour. If nothing has arrived 2 hours after you pay (1 hour's grace), the order is canceled and you're refunded automatically.",
    ],
    [
      'within-24h',
      "You promise delivery within 24 hours of payment; you have 1 hour's grace after that. If nothing has arrived 25 hours after payment, the order is canceled and the buyer is refunded automatically.",
      "The seller promises delivery within 24 hours. If nothing has arrived 25 hours after you pay (1 hour's grace), the order is canceled and you're refunded automatically.",
    ],
    [
      'within-3d',
      "You promise delivery within 3 days of payment; you have 1 hour's grace after that. If nothing has arrived 3 days and 1 hour after payment, the order is canceled and the buyer is refunded automatically.",
      "The seller promises delivery within 3 days. If nothing has arrived 3 days and 1 hour after you pay (1 hour's grace), the order is canceled and you're refunded automatically.",
    ],
  ] as const)('tells the seller and the buyer what "%s" holds the seller to', (time, seller, buyer) => {
    expect(DELIVERY_DEADLINE_NOTES.seller(time)).toBe(seller);
    expect(DELIVERY_DEADLINE_NOTES.buyer(time)).toBe(buyer);
  });

  it('says nothing to a seller who has not chosen yet', () => {
    expect(DELIVERY_DEADLINE_NOTES.seller('')).toBeUndefined();
  });
});
