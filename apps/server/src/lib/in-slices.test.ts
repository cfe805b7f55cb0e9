import { describe, expect, it } from 'vitest';
import { inSlices } from './in-slices';

describe('inSlices', () => {
  it('gives waiting work a turn once a slice has used its time, and visits every item in order', async () => {
    const seen: string[] = [];
    // Work that was waiting before the run: it goes once the first slice is over.
    setImmediate(() => seen.push('other work'));
    await inSlices([1, 2, 3], { sliceMs: 0 }, (n) => seen.push(`item ${n}`));
    expect(seen).toEqual(['item 1', 'other work', 'item 2', 'item 3']);
  });

  it('runs what fits in its time in the turn it was called', async () => {
    const seen: number[] = [];
    const run = inSlices([1, 2, 3], { sliceMs: 60_000 }, (n) => seen.push(n));
    expect(seen).toEqual([1, 2, 3]);
    await run;
    await inSlices([], { sliceMs: 0 }, (n) => seen.push(n));
    expect(seen).toEqual([1, 2, 3]);
  });

  it('rests between slices: work due a little later runs before the next slice', async () => {
    const seen: string[] = [];
    await inSlices([1, 2], { sliceMs: 0, restMs: 50 }, (n) => {
      seen.push(`item ${n}`);
      // Due well within the rest; a bare turn of the event loop would start the next slice first.
      if (n === 1) setTimeout(() => seen.push('later work'), 5);
    });
    expect(seen).toEqual(['item 1', 'later work', 'item 2']);
  });
});
