/** What a whole-number field keeps of the typed text: its digits, without leading zeros, at most 10 of them. */
export const wholeDigits = (text: string) =>
  text
    .replace(/[^\d]/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, 10);

export const MONEY_FORMAT_MESSAGE = 'Enter dollars and cents, like 49.99';

// Whole dollars (plain, or grouped by commas) and at most two decimals: "49.99", "1,250.5", "120.".
const MONEY = /^(\d{1,12}|\d{1,3}(?:,\d{3}){1,3})(?:\.(\d{0,2}))?$/;

/**
 * A typed price as the URL keeps it (`isPriceParam` in the shared browse-price-param.ts reads it back), dollars with their cents ("49.99", "49.90", "120"), or why it is refused: a price
 * is never guessed from stray characters, as "49.99" read as whole digits was 4,999 dollars.
 */
export function moneyText(text: string): { value: string } | { error: string } {
  const typed = text.trim().replace(/^\$\s*/, '');
  if (!typed) return { value: '' };
  const m = MONEY.exec(typed);
  if (!m) return { error: MONEY_FORMAT_MESSAGE };
  const dollars = m[1].replace(/,/g, '').replace(/^0+(?=\d)/, '');
  const cents = (m[2] ?? '').padEnd(2, '0');
  return { value: cents === '00' ? dollars : `${dollars}.${cents}` };
}
