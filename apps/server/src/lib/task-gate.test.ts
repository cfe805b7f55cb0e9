import { describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { TaskGate } from './task-gate';

describe('TaskGate', () => {
  it('runs at most its limit at once, in arrival order, and goes on after a task fails', async () => {
    const gate = new TaskGate(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (i: number) =>
      gate.run(async () => {
        started.push(i);
        running++;
        most = Math.max(most, running);
        await sleep(5);
        running--;
        if (i === 1) throw new Error('bad image');
        return i;
      });
    const results = await Promise.allSettled([0, 1, 2, 3, 4, 5].map(task));
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect(gate.queued).toBe(0);
    expect(await gate.run(async () => 'free again')).toBe('free again');
  });
});
