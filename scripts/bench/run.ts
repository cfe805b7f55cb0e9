// `npm run bench [-- prefix]`: run every benchmark in this folder whose name starts with the prefix.
// Each benchmark prints one JSON line per figure with a baseline measured in the same run.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const prefix = process.argv[2] ?? '';
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts') && f.startsWith(prefix))
  .sort();
if (!files.length) console.error(`no benchmark matches "${prefix}"`);
for (const f of files) {
  const mod = await import(path.join(dir, f));
  await mod.run();
}
