/**
 * A price in /browse's URL (`min`, `max`): dollars with their cents when there are any ("49.99", "49.90", "120"). One
 * pair for both sides: saved searches write their links with it, and the page reads its URL with it.
 */

/** Cents as the URL writes them. */
export const priceParam = (cents: number) => (cents % 100 ? (cents / 100).toFixed(2) : String(cents / 100));

/** Whether a URL's price is dollars with at most two decimals, as `priceParam` and the page's price field write it. */
export const isPriceParam = (v: string) => /^\d{1,12}(\.\d{1,2})?$/.test(v);

/** Cents of a price `isPriceParam` accepts, exactly: no floating-point product ("0.29" is 29, not 28.999…). */
export function priceParamCents(v: string): number {
  const [dollars, cents = ''] = v.split('.');
  return Number(dollars) * 100 + Number(cents.padEnd(2, '0'));
}
