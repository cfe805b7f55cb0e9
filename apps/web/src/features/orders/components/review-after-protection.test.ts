import { describe, expect, it } from 'vitest';
import type { OrderDetail } from '@accountry/shared/orders';
import { reviewAfterProtectionText } from './review-after-protection';
import { formatDateTime } from '../../../lib/format-time';

const DAY = 86_400_000;
const ends = Date.UTC(2026, 11, 20, 9, 30);
const order = (over: Partial<OrderDetail> = {}) =>
  ({
    viewerRole: 'buyer',
    status: 'protection',
    dueAction: 'complete',
    dueAt: ends,
    refundedCents: 0,
    ...over,
  }) as OrderDetail;

describe('the buyer is told, during the protection period, when they can rate the seller', () => {
  it('says from when (the end of the protection period) and until when (30 days later)', () => {
    expect(reviewAfterProtectionText(order())).toBe(
      `When the protection period ends, you can rate the seller on this page until ${formatDateTime(ends + 30 * DAY)}.`,
    );
  });

  it.each<[string, Partial<OrderDetail>]>([
    ['the seller', { viewerRole: 'seller' }],
    ['an admin', { viewerRole: 'admin' }],
    ['an order still being checked', { status: 'delivered', dueAction: 'auto_confirm' }],
    ['an order with nothing due', { dueAt: null, dueAction: null }],
    ['an order partly refunded (no review then)', { refundedCents: 500 }],
  ])('says nothing to %s', (_, over) => {
    expect(reviewAfterProtectionText(order(over))).toBeNull();
  });
});
