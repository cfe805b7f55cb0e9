#!/usr/bin/env node
// Build what `npm start` runs, and only what changed since the last build: the web app (Vite) and the server
// (one ESM bundle by esbuild; node_modules stay external). A stamp beside each output holds a fingerprint of
// its sources (paths, sizes and modification times), so an unchanged checkout starts without building.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const r = (...p) => path.join(root, ...p);
const force = process.argv.includes('--force');

function fingerprint(inputs) {
  const hash = createHash('sha256');
  const walk = (p) => {
    let st;
    try {
      st = fs.statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const name of fs.readdirSync(p).sort())
        if (name !== 'node_modules' && name !== 'dist') walk(path.join(p, name));
    } else if (!/\.test\.tsx?$/.test(p)) {
      hash.update(`${path.relative(root, p)}:${st.size}:${st.mtimeMs}\n`);
    }
  };
  for (const input of inputs) walk(r(input));
  return hash.digest('hex');
}

function upToDate(stampFile, print) {
  try {
    return !force && fs.readFileSync(stampFile, 'utf8') === print;
  } catch {
    return false;
  }
}

const shared = ['packages/shared/src', 'packages/shared/package.json', 'package-lock.json'];
const targets = [
  {
    name: 'web app',
    inputs: ['apps/web', ...shared],
    out: r('apps/web/dist'),
    // Always the production bundle: with NODE_ENV=development in the environment (as `npm start` is often run) Vite
    // bundled React's development build, 47 kB more of entry, and the stamp then kept it for every later start.
    build: () =>
      spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production' },
      }).status === 0,
  },
  {
    name: 'server',
    inputs: ['apps/server/src', 'apps/server/package.json', ...shared],
    out: r('apps/server/dist'),
    build: async () => {
      const { build } = await import('esbuild');
      const pkg = JSON.parse(fs.readFileSync(r('apps/server/package.json'), 'utf8'));
      // Our shared package is TypeScript source, so it is bundled; every other package is loaded from node_modules.
      const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@accountry/'));
      await build({
        entryPoints: { main: r('apps/server/src/main.ts') },
        outdir: r('apps/server/dist'),
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        sourcemap: true,
        external: [...external, ...external.map((d) => `${d}/*`)],
        // Bundled CommonJS helpers (if any) need require in an ES module.
        banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
        logLevel: 'warning',
      });
      return true;
    },
  },
];

for (const t of targets) {
  const print = fingerprint(t.inputs);
  const stamp = path.join(t.out, '.build-stamp');
  if (upToDate(stamp, print)) continue;
  console.log(`Building the ${t.name}…`);
  const started = Date.now();
  if (!(await t.build())) {
    console.error(`Building the ${t.name} failed.`);
    process.exit(1);
  }
  fs.mkdirSync(t.out, { recursive: true });
  // Fingerprinted before building: an edit made during the build triggers the next one.
  fs.writeFileSync(stamp, print);
  console.log(`Built the ${t.name} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
