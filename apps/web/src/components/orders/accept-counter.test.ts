import { describe, expect, it } from 'vitest';
import type { Offer } from '@accountry/shared/offers';
import { acceptCounterConfirm } from './accept-counter';

const offer: Offer = {
  id: 'offer-1',
  listing: {
    id: 'listing-1',
    sellerId: 'seller-1',
    title: 'Countered Fortnite account',
    priceCents: 10_000,
    status: 'active',
  },
  buyerName: 'Di Dealer',
  sellerName: 'Cy Counter',
  amountCents: 7_000,
  counterCents: 8_500,
  currency: 'USD',
  status: 'countered',
  createdAt: 0,
  updatedAt: 0,
  expiresAt: 0,
  orderId: null,
};

describe("accepting the seller's price asks first, in one set of words for the offers page and the listing page", () => {
  it('names the listing, the price asked and the hours to buy in', () => {
    const asked = acceptCounterConfirm(offer, async () => undefined, undefined);
    expect([asked.title, asked.message, asked.confirmLabel, asked.danger]).toEqual([
      "Accept the seller's price?",
      'You can then buy “Countered Fortnite account” for $85 within 24 hours, from its page.',
      'Accept $85',
      undefined,
    ]);
  });

  it('confirming accepts, and only confirming', async () => {
    const accepted: string[] = [];
    const asked = acceptCounterConfirm(offer, async () => accepted.push(offer.id), undefined);
    expect(accepted).toEqual([]);
    await asked.onConfirm('', []);
    expect(accepted).toEqual(['offer-1']);
  });
});
