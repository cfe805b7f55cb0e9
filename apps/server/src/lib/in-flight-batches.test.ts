import { describe, expect, it, vi } from 'vitest';
import { InFlightBatches } from './in-flight-batches';

/** A statement that answers when the test lets it, recording each batch of keys. */
function manualStatements() {
  const batches: number[][] = [];
  const pending: Array<() => void> = [];
  const run = (keys: number[]) => {
    batches.push(keys);
    return new Promise<number[]>((resolve) => pending.push(() => resolve(keys.map((k) => k * 10))));
  };
  const answerNext = async () => {
    await new Promise((r) => setImmediate(r));
    pending.shift()!();
    await new Promise((r) => setImmediate(r));
  };
  return { batches, run, answerNext };
}

describe('InFlightBatches', () => {
  it('sends a lone lookup at once and the lookups that arrive meanwhile together in the next statement', async () => {
    const s = manualStatements();
    const batches = new InFlightBatches(s.run);
    const first = batches.load(1);
    await Promise.resolve();
    expect(s.batches).toEqual([[1]]);
    const later = [2, 3, 4].map((k) => batches.load(k));
    await s.answerNext();
    expect(await first).toBe(10);
    expect(s.batches).toEqual([[1], [2, 3, 4]]);
    await s.answerNext();
    expect(await Promise.all(later)).toEqual([20, 30, 40]);
    expect(batches.statements).toBe(2);
  });

  it('sends at most maxBatch keys a statement', async () => {
    const s = manualStatements();
    const batches = new InFlightBatches(s.run, { maxBatch: 2 });
    const all = [1, 2, 3, 4, 5].map((k) => batches.load(k));
    for (let i = 0; i < 3; i++) await s.answerNext();
    expect(await Promise.all(all)).toEqual([10, 20, 30, 40, 50]);
    expect(s.batches).toEqual([[1], [2, 3], [4, 5]]);
  });

  it('fails every lookup of a failed statement, and the next statement still goes out', async () => {
    const batches = new InFlightBatches<number, number>(async (keys) => {
      if (keys.length > 1) throw new Error('connection lost');
      return keys;
    });
    const alone = batches.load(1);
    const together = [batches.load(2), batches.load(3)];
    expect(await alone).toBe(1);
    await expect(together[0]).rejects.toThrow('connection lost');
    await expect(together[1]).rejects.toThrow('connection lost');
    expect(await batches.load(4)).toBe(4);
    expect(batches.statements).toBe(3);
  });

  it('fails a batch answered with the wrong number of values rather than mixing answers up', async () => {
    const batches = new InFlightBatches<number, number>(async () => [7]);
    const alone = batches.load(1);
    const together = [batches.load(2), batches.load(3)];
    expect(await alone).toBe(7);
    await expect(together[0]).rejects.toThrow('a batch of 2 answered 1');
    await expect(together[1]).rejects.toThrow('a batch of 2 answered 1');
  });

  it('does not let a stalled statement hold back the lookups behind it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      const batches = new InFlightBatches<number, number>(
        (keys) => (keys.includes(1) ? new Promise<number[]>(() => undefined) : Promise.resolve(keys)),
        { stalledMs: 50 },
      );
      const stalled = batches.load(1);
      const behind = Promise.all([batches.load(2), batches.load(3)]);
      await vi.advanceTimersByTimeAsync(50);
      expect(await behind).toEqual([2, 3]);
      // Only the stalled statement is in flight now, so the next lookup goes out at once, with no timer to wait for.
      let answered: number | undefined;
      void batches.load(4).then((v) => (answered = v));
      for (let i = 0; i < 10; i++) await Promise.resolve();
      expect(answered).toBe(4);
      expect(batches.statements).toBe(3);
      let stalledAnswered = false;
      void stalled.then(() => (stalledAnswered = true));
      await vi.advanceTimersByTimeAsync(1_000);
      expect(stalledAnswered).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
