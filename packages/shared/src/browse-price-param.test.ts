import { describe, expect, it } from 'vitest';
import { isPriceParam, priceParam, priceParamCents } from './browse-price-param';

describe("/browse's price parameters", () => {
  it('write dollars, with the cents when there are any', () => {
    expect(priceParam(4999)).toBe('49.99');
    expect(priceParam(4990)).toBe('49.90');
    expect(priceParam(12000)).toBe('120');
    expect(priceParam(29)).toBe('0.29');
  });

  it('read back the cents they were written from, exactly', () => {
    for (const cents of [0, 1, 29, 110, 4999, 12000, 2_000_000_000])
      expect(priceParamCents(priceParam(cents))).toBe(cents);
    expect(priceParamCents('49.9')).toBe(4990);
  });

  it('take dollars with at most two decimals only', () => {
    for (const ok of ['0', '49', '49.9', '49.99', '120']) expect(isPriceParam(ok)).toBe(true);
    for (const bad of ['', '49.999', '4,999', '-1', '1e3', '$49', '49.']) expect(isPriceParam(bad)).toBe(false);
  });
});
