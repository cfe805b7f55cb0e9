import { describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { TaskGate, TaskGateFullError } from './task-gate';

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

describe('TaskGate with members', () => {
  /** A task that runs until its `finish` is called; `started` lists the tasks in the order they began. */
  function controlled(gate: TaskGate, started: string[]) {
    const finishes = new Map<string, () => void>();
    const start = (member: string, name: string) =>
      gate.run(
        () =>
          new Promise<string>((resolve) => {
            started.push(name);
            finishes.set(name, () => resolve(name));
          }),
        member,
      );
    const finish = async (name: string) => {
      finishes.get(name)!();
      await sleep(1);
    };
    return { start, finish };
  }

  it("takes turns between members: one member's waiting tasks do not hold back another's", async () => {
    const gate = new TaskGate(1, { perMember: 3 });
    const started: string[] = [];
    const { start, finish } = controlled(gate, started);
    const all = [start('mallory', 'm1'), start('mallory', 'm2'), start('mallory', 'm3'), start('alice', 'a1')];
    await sleep(1);
    expect(started).toEqual(['m1']);
    await finish('m1');
    // Alice has had no turn yet: her task goes before Mallory's second.
    expect(started).toEqual(['m1', 'a1']);
    const bob = start('bob', 'b1');
    await finish('a1');
    expect(started).toEqual(['m1', 'a1', 'b1']);
    await finish('b1');
    await finish('m2');
    await finish('m3');
    expect(await Promise.all([...all, bob])).toEqual(['m1', 'm2', 'm3', 'a1', 'b1']);
    expect(gate.queued).toBe(0);
  });

  it('refuses a member more tasks at once than their share, and takes them again once one is done', async () => {
    const gate = new TaskGate(1, { perMember: 2 });
    const started: string[] = [];
    const { start, finish } = controlled(gate, started);
    const first = start('mallory', 'm1');
    const second = start('mallory', 'm2');
    await expect(start('mallory', 'm3')).rejects.toBeInstanceOf(TaskGateFullError);
    // Another member is not refused for it.
    const alice = start('alice', 'a1');
    await finish('m1');
    await finish('a1');
    const again = start('mallory', 'm4');
    await finish('m2');
    await finish('m4');
    expect(await Promise.all([first, second, alice, again])).toEqual(['m1', 'm2', 'a1', 'm4']);
    expect(started).toEqual(['m1', 'a1', 'm2', 'm4']);
  });
});
