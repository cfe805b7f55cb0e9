import { describe, expect, it } from 'vitest';
import { closingOrdersText } from './closing-orders';

describe('closingOrdersText', () => {
  it.each([
    [{ canceled: 0, refunded: 0, refundCents: 0, continuing: 0 }, 'They have no open orders.'],
    [{ canceled: 1, refunded: 0, refundCents: 0, continuing: 0 }, '1 unpaid order will be canceled.'],
    [{ canceled: 3, refunded: 0, refundCents: 0, continuing: 0 }, '3 unpaid orders will be canceled.'],
    [
      { canceled: 1, refunded: 1, refundCents: 12_500, continuing: 0 },
      '1 paid order will be canceled and refunded in full to its buyer ($125.00).',
    ],
    [
      { canceled: 2, refunded: 2, refundCents: 250_000, continuing: 0 },
      '2 paid orders will be canceled and refunded in full to their buyers ($2,500.00).',
    ],
    [
      { canceled: 2, refunded: 1, refundCents: 12_500, continuing: 0 },
      '2 open orders will be canceled, and the paid one refunded in full to its buyer ($125.00).',
    ],
    [
      { canceled: 4, refunded: 3, refundCents: 30_000, continuing: 1 },
      '4 open orders will be canceled, and the 3 paid ones refunded in full to their buyers ($300.00). ' +
        '1 other order, already paid or delivered, goes on as usual.',
    ],
    [
      { canceled: 0, refunded: 0, refundCents: 0, continuing: 2 },
      '2 orders, already paid or delivered, go on as usual.',
    ],
  ])('%j: %s', (orders, text) => {
    expect(closingOrdersText(orders)).toBe(text);
  });
});
