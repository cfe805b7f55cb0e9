import { describe, expect, it } from 'vitest';
import { payShortfall } from './pay-shortfall';

const hold = { orderId: 'o1', listingTitle: 'Valorant account', status: 'open' as const, heldCents: 3_000 };

describe('payShortfall', () => {
  it('says nothing when the balance pays the price, to the cent', () => {
    expect(payShortfall({ availableCents: 4_500, payableCents: 4_500, chargebackHolds: [] }, 4_500)).toBeUndefined();
    expect(payShortfall({ availableCents: 9_000, payableCents: 9_000, chargebackHolds: [] }, 4_500)).toBeUndefined();
  });

  it('says the balance is too low when the price is more than is available', () => {
    expect(payShortfall({ availableCents: 1_250, payableCents: 1_250, chargebackHolds: [] }, 4_500)).toBe(
      'Your balance is too low to pay this order.',
    );
    expect(payShortfall({ availableCents: 4_499, payableCents: 4_499, chargebackHolds: [] }, 4_500)).toBe(
      'Your balance is too low to pay this order.',
    );
  });

  it('names what chargebacks hold when they leave less than the price, as the server does first', () => {
    const wallet = { availableCents: 5_000, payableCents: 2_000, chargebackHolds: [hold] };
    expect(payShortfall(wallet, 4_500)).toBe(
      'You can pay at most $20.00 from your balance now: $30.00 is held while the chargeback on the order for “Valorant account” is open.',
    );
    expect(payShortfall(wallet, 2_000)).toBeUndefined();
  });
});
