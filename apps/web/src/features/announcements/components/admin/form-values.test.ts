import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, EXPIRY_PASSED_WARNING, expiryPassed } from './form-values';

describe('expiryPassed', () => {
  const now = new Date('2026-11-30T12:00:00').getTime();
  it('warns for an active announcement whose expiry is behind it', () => {
    expect(expiryPassed({ ...EMPTY_FORM, expiresDate: '2026-11-29' }, now)).toBe(true);
    expect(expiryPassed({ ...EMPTY_FORM, expiresDate: '2026-11-30', expiresTime: '11:00' }, now)).toBe(true);
    expect(EXPIRY_PASSED_WARNING).toBe(
      'This expiry has already passed: the announcement will be saved as Expired, and nobody will see it.',
    );
  });
  it('does not for a later expiry, none, or a draft', () => {
    expect(expiryPassed({ ...EMPTY_FORM, expiresDate: '2026-11-30' }, now)).toBe(false);
    expect(expiryPassed(EMPTY_FORM, now)).toBe(false);
    expect(expiryPassed({ ...EMPTY_FORM, status: 'draft', expiresDate: '2026-11-01' }, now)).toBe(false);
  });
});
