import { describe, expect, it } from 'vitest';
import { orderSummaryFacts } from './order-summary-facts';

const order = {
  priceCents: 12_000,
  buyerName: 'Bo Buyer',
  createdAt: Date.UTC(2026, 0, 5, 12),
  deliveryTime: 'instant',
  protectionDays: 14,
  refundedCents: 0,
  feeCents: null,
  sellerReceivesCents: null,
  viewerRole: 'buyer',
} as const;

/** The summary's money, term by term, as the page writes it. */
const money = (o: Parameters<typeof orderSummaryFacts>[0]) =>
  Object.fromEntries(
    orderSummaryFacts(o, 'Sy Seller').filter(([term]) => !/^(Buyer|Seller|Ordered|Delivery|Prot)/.test(term)),
  );

describe('the order summary writes money with its cents, as the chargeback notice, the wallet and the mails do', () => {
  it('writes a whole price with ".00" for the buyer', () => {
    expect(money(order)).toEqual({ Price: '$120.00' });
  });

  it('writes the fee and the seller’s share of a completed sale the same way', () => {
    expect(money({ ...order, viewerRole: 'seller', feeCents: 600, sellerReceivesCents: 11_400 })).toEqual({
      Price: '$120.00',
      'Platform fee': '$6.00',
      'You receive': '$114.00',
    });
  });

  it('writes what the seller is expected to receive while the money is in escrow, and a refund', () => {
    expect(
      money({ ...order, priceCents: 101_500, viewerRole: 'admin', refundedCents: 3_050, sellerReceivesCents: 93_575 }),
    ).toEqual({
      Price: '$1,015.00',
      'Refunded to the buyer': '$30.50',
      'The seller receives': '$935.75, after the platform fee',
    });
  });
});
