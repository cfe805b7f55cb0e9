import { describe, expect, it } from 'vitest';
import { chargebackLostText, disputeFeeText, disputedPartText, settledChargebackText } from './chargeback-notice';

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

  const completed = { status: 'completed', priceCents: 20_000, refundedCents: 0 } as const;
  const partlyRefunded = { status: 'refunded', priceCents: 20_000, refundedCents: 5_000 } as const;
  const refunded = { status: 'refunded', priceCents: 20_000, refundedCents: 20_000 } as const;
  const canceled = { status: 'canceled', priceCents: 20_000, refundedCents: 0 } as const;
  const settled = (status: 'open' | 'won' | 'lost', amountCents = 15_000) => ({
    status,
    amountCents,
    settledBefore: true,
  });

  it.each([
    ['completed', completed],
    ['refunded in part', partlyRefunded],
  ] as const)('tells admins to recover from the seller a chargeback on an order %s before it', (_, order) => {
    expect(settledChargebackText(order, settled('open'), 'admin')).toEqual({
      text: "The seller was paid before the chargeback: if the bank decides for the buyer, the $150.00 it took is recovered from the seller's balance here. Their balance is on",
      recoverFrom: 'seller',
    });
    expect(settledChargebackText(order, settled('lost'), 'admin')).toEqual({
      text: "The seller was paid before the chargeback and the bank took $150.00 back: recover it from the seller's balance below. Their balance is on",
      recoverFrom: 'seller',
    });
    expect(settledChargebackText(order, settled('lost'), 'seller')).toEqual({
      text: 'You were paid for this order before the chargeback. The bank returned $150.00 to the buyer, so an admin will take $150.00 back from your balance; you will see it in your balance history.',
      recoverFrom: null,
    });
    expect(settledChargebackText(order, settled('lost'), 'buyer')).toBeNull();
    expect(settledChargebackText(order, settled('open'), 'seller')).toBeNull();
  });

  it.each([
    ['refunded in full', refunded],
    ['canceled after payment', canceled],
  ] as const)('tells admins to recover from the buyer a chargeback on an order %s before it', (_, order) => {
    expect(settledChargebackText(order, settled('open', 20_000), 'admin')).toEqual({
      text: "The buyer's card was refunded before the chargeback: if the bank decides for the buyer as well, the $200.00 it returns is recovered from the buyer's balance here. Their balance is on",
      recoverFrom: 'buyer',
    });
    expect(settledChargebackText(order, settled('lost', 20_000), 'admin')).toEqual({
      text: "The buyer's card was refunded before the chargeback and the bank returned $200.00 to it again: recover it from the buyer's balance below. Their balance is on",
      recoverFrom: 'buyer',
    });
    expect(settledChargebackText(order, settled('lost', 20_000), 'buyer')).toEqual({
      text: 'Your card was refunded before the chargeback and the bank returned $200.00 to it again, so an admin will take $200.00 back from your balance; you will see it in your balance history.',
      recoverFrom: null,
    });
    expect(settledChargebackText(order, settled('lost', 20_000), 'seller')).toBeNull();
  });

  it('tells admins once it is recovered in full, with no link left to follow', () => {
    const recovery = (recoveredCents: number) => ({
      from: 'seller' as const,
      takenCents: 15_000,
      recoveredCents,
      outstandingCents: 15_000 - recoveredCents,
    });
    expect(settledChargebackText(completed, { ...settled('lost'), recovery: recovery(15_000) }, 'admin')).toEqual({
      text: "The seller was paid before the chargeback and the bank took $150.00 back; it was recovered from the seller's balance.",
      recoverFrom: null,
    });
    expect(settledChargebackText(completed, { ...settled('lost'), recovery: recovery(5_000) }, 'admin')).toMatchObject({
      recoverFrom: 'seller',
    });
    expect(
      settledChargebackText(refunded, { ...settled('lost', 20_000), recovery: recovery(15_000) }, 'admin'),
    ).toEqual({
      text: "The buyer's card was refunded before the chargeback and the bank returned $200.00 to it again; it was recovered from the buyer's balance.",
      recoverFrom: null,
    });
  });

  it('says nothing of settling for a chargeback won, or on an order escrow still held', () => {
    expect(settledChargebackText(completed, settled('won'), 'admin')).toBeNull();
    // Refunded by the chargeback itself: the loss's own words (`chargebackLostText`) tell what happened.
    expect(settledChargebackText(refunded, { ...settled('lost'), settledBefore: false }, 'admin')).toBeNull();
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
