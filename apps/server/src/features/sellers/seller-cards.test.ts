import { describe, expect, it } from 'vitest';
import { changesSellerCards } from './seller-cards';

/** Decision 183: a chargeback decided for the buyer takes the order out of the completed sales the card carries. */
describe('what rebuilds a seller card', () => {
  it('a write to chargebacks, as one to reviews or orders', () => {
    for (const table of ['chargebacks', 'reviews', 'orders'])
      expect(changesSellerCards(new Map([[table, null]])), table).toBe(true);
    expect(changesSellerCards(new Map([['messages', null]]))).toBe(false);
  });
});
