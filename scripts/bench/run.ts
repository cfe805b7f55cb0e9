// `npm run bench [-- prefix]`: run every benchmark in this folder whose name starts with the prefix.
// Each benchmark prints one JSON line per figure with a baseline measured in the same run.
// Each benchmark file runs in a process of its own: run one after another in one process, a bench inherited the heap,
// compiled code and leftover work of those before it, while its baselines run in fresh processes.
// Each runs compiled as `npm start` runs the server (one esbuild bundle, scripts/build.mjs), not through tsx: tsx
// compiles with esbuild's keepNames, which names every function a module creates as it is created (`__name`, a
// defineProperty each: 4% of a cached browse reply's time), a cost the server as shipped does not have.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const dir = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(dir, 'dist');

/** Packages load from node_modules, as the server's build leaves them; our TypeScript packages are bundled. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (a) => (a.path.startsWith('@accountry/') ? undefined : { external: true }));
  },
};

/** The bench file as one ES module that runs it; `import.meta.url` reads as the file's own, for its sibling paths. */
async function compiled(file: string) {
  const outfile = path.join(out, file.replace(/\.ts$/, '.mjs'));
  await build({
    stdin: { contents: `import { run } from './${file}';\nawait run();\n`, resolveDir: dir, loader: 'ts' },
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    define: { 'import.meta.url': JSON.stringify(pathToFileURL(path.join(dir, file)).href) },
    plugins: [externalPackages],
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    logLevel: 'warning',
  });
  return outfile;
}

const prefix = process.argv[2] ?? '';
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts') && f.startsWith(prefix))
  .sort();
if (!files.length) console.error(`no benchmark matches "${prefix}"`);
for (const f of files) {
  // The parent's flags but its TypeScript loader (a profiler's, say, apply to the bench).
  const execArgv = process.execArgv.filter((a, i, all) => !a.startsWith('--import') && all[i - 1] !== '--import');
  const child = fork(await compiled(f), [], { execArgv, stdio: 'inherit' });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) {
    console.error(`${f} failed (exit code ${code})`);
    process.exit(code ?? 1);
  }
}
