// Which core runs what in a bench: the measured side (servers, bare and real) on core 0, the load generator on core 1.
// Sharing the two cores as the scheduler chose, the same build's figure moved by half between runs (decision 246).
import { spawnSync } from 'node:child_process';
import os from 'node:os';

// The machine's cores, not this process's: availableParallelism() counts only the cores a process is pinned to.
const twoCores = () => os.cpus().length >= 2;

/** Pin a process to core 0: every thread it has, and every thread or process it starts later. */
export function pinToServerCore(pid: number) {
  if (!twoCores()) return;
  const r = spawnSync('taskset', ['-a', '-p', '-c', '0', String(pid)], { stdio: 'ignore' });
  if (r.status !== 0) throw new Error(`taskset could not pin process ${pid} to core 0 (is util-linux installed?)`);
}

/** A generator's command line, run on core 1, the core the measured side leaves free. */
export function onGeneratorCore(command: string, args: string[]): [string, string[]] {
  return twoCores() ? ['taskset', ['-c', '1', command, ...args]] : [command, args];
}
