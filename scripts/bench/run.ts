// `npm run bench [-- prefix]`: run every benchmark in this folder whose name starts with the prefix.
// Each benchmark prints one JSON line per figure with a baseline measured in the same run.
// Each benchmark file runs in a process of its own: run one after another in one process, a bench inherited the heap,
// compiled code and leftover work of those before it, while its baselines run in fresh processes.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const ONE = '--one';

if (process.argv[2] === ONE) {
  const mod = await import(path.join(dir, process.argv[3]));
  await mod.run();
} else {
  const prefix = process.argv[2] ?? '';
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.bench.ts') && f.startsWith(prefix))
    .sort();
  if (!files.length) console.error(`no benchmark matches "${prefix}"`);
  for (const f of files) {
    const child = fork(fileURLToPath(import.meta.url), [ONE, f], { execArgv: process.execArgv, stdio: 'inherit' });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    if (code !== 0) {
      console.error(`${f} failed (exit code ${code})`);
      process.exit(code ?? 1);
    }
  }
}
