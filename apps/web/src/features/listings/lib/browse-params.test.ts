import { describe, expect, it } from 'vitest';
import { BROWSE_FILTER_MAX } from '@accountry/shared/listing-browse-rules';
import { browseQuerySchema } from '@accountry/shared/listing-browse';
import { apiQuery, filterErrors, readParams, writeParams } from './browse-params';
import { browseQuery } from '../api/browse-query';

const read = (query: string) => readParams(new URLSearchParams(query));

describe('the browse URL', () => {
  it('sends prices with their cents', () => {
    const q = apiQuery(read('min=49.99&max=120.5'));
    expect(q.minPrice).toBe(4999);
    expect(q.maxPrice).toBe(12050);
  });

  it('shows a number above the route limit at its field, and only such a number', () => {
    expect(filterErrors(read('max=20000000&minFollowers=2000000000'))).toEqual({});
    expect(filterErrors(read('max=20000000.01&minFollowers=2000000001&minAge=9999999999'))).toEqual({
      max: 'At most $20,000,000',
      minFollowers: 'At most 2,000,000,000',
      minAge: 'At most 2,000,000,000',
    });
    expect(filterErrors(read('min=50&max=10')).min).toBe('The minimum price cannot be above the maximum');
  });

  it('has no error exactly when the route accepts its query', () => {
    for (const query of [
      'min=20000000',
      'min=20000000.01',
      'minItems=2000000001',
      'min=5&max=4.99',
      'min=4.99&max=5',
    ]) {
      const p = read(query);
      const api = Object.fromEntries(Object.entries(apiQuery(p)).filter(([, v]) => v !== undefined));
      const accepted = browseQuerySchema.safeParse(
        Object.fromEntries(Object.entries(api).map(([k, v]) => [k, `${v}`])),
      );
      expect(accepted.success, query).toBe(Object.keys(filterErrors(p)).length === 0);
    }
    expect(BROWSE_FILTER_MAX).toBe(2_000_000_000);
  });

  it('drops the filters and platform the category has no field for, so fields, pills and query agree', () => {
    const game = read('category=game&platform=instagram&minFollowers=500&verified=true&minItems=3');
    expect(game).toMatchObject({ platform: '', minFollowers: '', verified: true, minItems: '3' });
    const streaming = read('category=streaming&verified=true&minItems=3&minAge=12&platform=netflix');
    expect(streaming).toMatchObject({ verified: false, minItems: '', minAge: '12', platform: 'netflix' });
    expect(writeParams(game).toString()).toBe('category=game&minItems=3&verified=true');
    // Without a category every filter has its field.
    expect(read('platform=instagram&minFollowers=500&verified=true')).toMatchObject({
      platform: 'instagram',
      minFollowers: '500',
      verified: true,
    });
  });
});

describe('the browse results', () => {
  it('stay cached for half an hour, so a buyer back from a listing finds every page they had loaded', () => {
    expect(browseQuery(apiQuery(read(''))).gcTime).toBeGreaterThanOrEqual(30 * 60_000);
  });
});
