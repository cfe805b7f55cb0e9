import { describe, expect, it } from 'vitest';
import { CHARGEBACK_LOST_PARTLY, ORDER_CHAT_MESSAGES, chargebackOpenedReason } from './order-messages';

// Amounts in the order's lines read as they do everywhere else (headings, the wallet): with thousands separated.
describe('amounts in order lines', () => {
  it('a partial refund above a thousand dollars', () => {
    expect(ORDER_CHAT_MESSAGES.partial_refund(123_456)).toBe(
      'An admin decided the dispute: $1,234.56 is refunded to the buyer, the rest goes to the seller. The reason is on the order page.',
    );
  });

  it('a chargeback the bank took part of, and one it opened', () => {
    expect(CHARGEBACK_LOST_PARTLY.undelivered(150_000, 25_050)).toBe(
      "The buyer's bank decided the chargeback for the buyer: $1,500.00 went back to the card and the other $250.50 to the buyer's Accountry balance, so the order is refunded in full.",
    );
    expect(CHARGEBACK_LOST_PARTLY.delivered(100_000)).toContain(': $1,000.00 went back to the card');
    expect(chargebackOpenedReason(250_000, 'fraudulent')).toMatch(
      /^The buyer's bank disputes \$2,500\.00 of the payment: /,
    );
  });
});
