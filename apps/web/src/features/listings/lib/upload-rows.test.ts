import { describe, expect, it } from 'vitest';
import { rowsAfterBatch } from './upload-rows';

const row = (key: string, over: { done?: boolean; error?: string | null } = {}) => ({
  key,
  name: `${key}.png`,
  progress: 0,
  error: over.error ?? null,
  done: over.done ?? false,
});

describe('the upload rows a finished batch leaves', () => {
  it('drops only that batch’s uploaded rows: a batch picked meanwhile keeps its own, failures stay', () => {
    const list = [
      row('1-0', { done: true }),
      row('1-1', { done: true, error: 'Screenshots must be JPEG, PNG or WebP images.' }),
      row('2-0', { done: true }),
      row('2-1'),
    ];
    expect(rowsAfterBatch(list, new Set(['1-0', '1-1'])).map((r) => r.key)).toEqual(['1-1', '2-0', '2-1']);
  });
});
