import { describe, expect, it } from 'vitest';
import { chargebackLostText, disputeFeeText, disputedPartText } from './chargeback-notice';

describe('the chargeback notice', () => {
  it('names the price only when the bank disputes part of it', () => {
    expect(disputedPartText(12_000, 12_000)).toBe('$120.00 of the card payment');
    expect(disputedPartText(5_000, 120_000)).toBe('$50.00 of the $1,200.00 card payment');
  });

  it.each([
    ['in full', 20_000, 20_000, 'buyer', 'The payment went back to the card, so the order is refunded.'],
    [
      'partly, delivered, to the seller',
      5_000,
      5_000,
      'seller',
      "The bank returned $50.00 to the buyer's card; the rest of the sale, less the platform fee, was paid to your balance.",
    ],
    [
      'partly, delivered, to the buyer',
      5_000,
      5_000,
      'buyer',
      'The bank returned $50.00 to your card; the rest of the payment went to the seller, less the platform fee, as in a partial refund.',
    ],
    [
      'partly, never delivered, to the buyer',
      3_000,
      20_000,
      'buyer',
      'The bank returned $30.00 to your card and the other $170.00 went to your Accountry balance, so the order is refunded in full.',
    ],
    [
      'partly, never delivered, to an admin',
      3_000,
      20_000,
      'admin',
      "The bank returned $30.00 to the buyer's card and the other $170.00 went to the buyer's Accountry balance, so the order is refunded in full.",
    ],
  ] as const)('says what a lost chargeback refunded: %s', (_, bank, refunded, viewer, text) => {
    expect(chargebackLostText({ priceCents: 20_000, refundedCents: refunded }, { amountCents: bank }, viewer)).toBe(
      text,
    );
  });

  it("tells admins Stripe's fee, and whether Stripe gave it back", () => {
    expect(disputeFeeText({ chargedCents: 0, returnedCents: 0 })).toBeNull();
    expect(disputeFeeText({ chargedCents: 1500, returnedCents: 0 })).toBe(
      "Stripe charged the platform a $15.00 dispute fee, booked as the platform's cost.",
    );
    expect(disputeFeeText({ chargedCents: 1500, returnedCents: 1500 })).toBe(
      "Stripe charged the platform a $15.00 dispute fee, booked as the platform's cost. Stripe gave it back when the bank decided for the seller.",
    );
  });
});
