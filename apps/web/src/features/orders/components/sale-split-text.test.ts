import { describe, expect, it } from 'vitest';
import { saleSplitText } from './sale-split-text';

describe('saleSplitText', () => {
  it.each([
    [
      'a completed sale',
      { priceCents: 9900, refundedCents: 0, feeCents: 495, paidCents: 9405 },
      5,
      'Sale price $99.00, platform fee $4.95, you received $94.05.',
    ],
    [
      'a partial refund names what the fee was taken on',
      { priceCents: 2000, refundedCents: 600, feeCents: 70, paidCents: 1330 },
      5,
      'Sale price $20.00, refunded to the buyer $6.00, platform fee (5% of $14.00) $0.70, you received $13.30.',
    ],
    [
      'a fee another percent took does not claim the configured one',
      { priceCents: 2000, refundedCents: 600, feeCents: 140, paidCents: 1260 },
      5,
      'Sale price $20.00, refunded to the buyer $6.00, platform fee (on $14.00) $1.40, you received $12.60.',
    ],
    [
      'before the percent has loaded',
      { priceCents: 2000, refundedCents: 600, feeCents: 70, paidCents: 1330 },
      undefined,
      'Sale price $20.00, refunded to the buyer $6.00, platform fee (on $14.00) $0.70, you received $13.30.',
    ],
  ])('%s', (_, sale, percent, text) => {
    expect(saleSplitText(sale, percent)).toBe(text);
  });
});
