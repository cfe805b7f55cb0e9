import { describe, expect, it } from 'vitest';
import { browsePriceRangeError } from './listing-browse-rules';
import { browseQuerySchema } from './listing-browse';

describe('the browse price range: one rule for the page and the route', () => {
  it.each<[number | undefined, number | undefined, string | undefined]>([
    [undefined, undefined, undefined],
    [500, undefined, undefined],
    [undefined, 100, undefined],
    [100, 100, undefined],
    [100, 500, undefined],
    [500, 100, 'The minimum price cannot be above the maximum'],
  ])('min %s, max %s', (min, max, message) => {
    expect(browsePriceRangeError(min, max)).toBe(message);
    const parsed = browseQuerySchema.safeParse({ minPrice: min, maxPrice: max });
    expect(parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === 'minPrice')?.message).toBe(
      message,
    );
  });
});
