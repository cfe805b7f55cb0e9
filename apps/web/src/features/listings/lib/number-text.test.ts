import { describe, expect, it } from 'vitest';
import { isPriceParam, priceParamCents } from '@accountry/shared/browse-price-param';
import { moneyText, MONEY_FORMAT_MESSAGE, wholeDigits } from './number-text';

describe('a price typed in a filter', () => {
  it('keeps its cents, as dollars and cents', () => {
    expect(moneyText('49.99')).toEqual({ value: '49.99' });
    expect(moneyText('49.9')).toEqual({ value: '49.90' });
    expect(moneyText(' $1,250.5 ')).toEqual({ value: '1250.50' });
    expect(moneyText('0120.00')).toEqual({ value: '120' });
    expect(moneyText('120.')).toEqual({ value: '120' });
    expect(moneyText('')).toEqual({ value: '' });
  });

  it('is refused, never guessed, when it is not dollars with at most two decimals', () => {
    for (const text of ['49.999', '4.9.9', '12a', '1,5', '-5', '.5e3', '12,34.5'])
      expect(moneyText(text)).toEqual({ error: MONEY_FORMAT_MESSAGE });
  });

  it("is written as the URL's price parameter, and read back as its cents exactly", () => {
    const cents = (typed: string) => {
      const written = moneyText(typed) as { value: string };
      expect(isPriceParam(written.value)).toBe(true);
      return priceParamCents(written.value);
    };
    expect(cents('49.99')).toBe(4999);
    expect(cents('0.29')).toBe(29);
    expect(cents('1.1')).toBe(110);
    expect(cents('20,000,000')).toBe(2_000_000_000);
  });
});

describe('a count typed in a filter', () => {
  it('keeps its whole digits', () => {
    expect(wholeDigits('1,000')).toBe('1000');
    expect(wholeDigits('007')).toBe('7');
  });
});
