import { describe, expect, it } from 'vitest';
import { DELIVERY_DEADLINE_NOTES, formatDeadline } from './delivery-deadline';
import { HOUR_MS } from './order-state';

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
      "Instant means you deliver the credentials as soon as the buyer pays: if they haven't arrived within 2 hours, the order is canceled and refunded.",
      "Instant means the seller delivers the credentials as soon as you pay: if they haven't arrived within 2 hours, the order is canceled and you're refunded.",
    ],
    [
      'within-1h',
      "If the credentials haven't arrived within 2 hours of payment, the order is canceled and refunded.",
      "If the credentials haven't arrived within 2 hours of your payment, the order is canceled and you're refunded.",
    ],
    [
      'within-24h',
      "If the credentials haven't arrived within 25 hours of payment, the order is canceled and refunded.",
      "If the credentials haven't arrived within 25 hours of your payment, the order is canceled and you're refunded.",
    ],
    [
      'within-3d',
      "If the credentials haven't arrived within 3 days and 1 hour of payment, the order is canceled and refunded.",
      "If the credentials haven't arrived within 3 days and 1 hour of your payment, the order is canceled and you're refunded.",
    ],
  ] as const)('tells the seller and the buyer what "%s" holds the seller to', (time, seller, buyer) => {
    expect(DELIVERY_DEADLINE_NOTES.seller(time)).toBe(seller);
    expect(DELIVERY_DEADLINE_NOTES.buyer(time)).toBe(buyer);
  });

  it('says nothing to a seller who has not chosen yet', () => {
    expect(DELIVERY_DEADLINE_NOTES.seller('')).toBeUndefined();
  });
});
