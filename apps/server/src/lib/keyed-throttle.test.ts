import { expect, it } from 'vitest';
import { KeyedThrottle } from './keyed-throttle';

it('passes a key once a gap, each key on its own, and forgets the longest unused past its size', () => {
  const throttle = new KeyedThrottle(1000, 2);
  expect(throttle.pass('a', 0)).toBe(true);
  expect(throttle.pass('a', 999)).toBe(false);
  expect(throttle.pass('b', 999)).toBe(true);
  expect(throttle.pass('a', 1000)).toBe(true);
  // Three keys in a throttle of two: 'b', used longest ago, is forgotten and passes again at once.
  expect(throttle.pass('c', 1001)).toBe(true);
  expect(throttle.pass('a', 1002)).toBe(false);
  expect(throttle.pass('b', 1003)).toBe(true);
});
