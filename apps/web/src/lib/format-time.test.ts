import { describe, expect, it } from 'vitest';
import { dateTimeIn, formatDate, formatLongDate } from './format-time';

const at = Date.UTC(2026, 10, 30, 14, 5);

describe('times on pages', () => {
  it('a date with a time names the zone it is shown in (decision 256)', () => {
    expect(dateTimeIn('UTC').format(at)).toBe('30 Nov 2026, 14:05 UTC');
    expect(dateTimeIn('Europe/Berlin').format(at)).toBe('30 Nov 2026, 15:05 CET');
    expect(dateTimeIn('America/New_York').format(at)).toBe('30 Nov 2026, 09:05 GMT-5');
  });

  it('a date alone has no zone', () => {
    expect(formatDate(at)).toMatch(/^(30|1) (Nov|Dec) 2026$/);
    expect(formatLongDate(at)).toMatch(/^(30 November|1 December) 2026$/);
  });
});
