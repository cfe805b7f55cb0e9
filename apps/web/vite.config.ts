import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { pagePreloadsPlugin } from './build/page-preloads';

const api = process.env.API_URL ?? 'http://localhost:3000';

/**
 * Write .br and .gz beside every text asset of the build, so the server sends them without compressing per request.
 * Small files too: a 700-byte chunk is ~400 bytes in brotli, and a page loads dozens of them. An encoding that does
 * not make a file smaller is not written, so the file is sent as it is.
 */
function precompress(): Plugin {
  return {
    name: 'accountry-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|mjs|css|html|svg|json|txt|map)$/.test(name)) continue;
        const file = path.join(dir, name);
        const raw = fs.readFileSync(file);
        const params = {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        };
        const br = zlib.brotliCompressSync(raw, { params });
        const gz = zlib.gzipSync(raw, { level: 9 });
        if (br.length < raw.length) fs.writeFileSync(`${file}.br`, br);
        if (gz.length < raw.length) fs.writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

// React Router's package exports point every bundler at its development build, whose dev warnings stay in a
// production bundle; the build uses the production one (the same code with the warnings off). Dev keeps the warnings.
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

// Mantine's primitives that nearly every page renders (layout, headings, text fields, alerts, cards, badges) and the
// mutation hook, in one file instead of a dozen 200-800-byte ones: fewer requests, better compression, and shorter
// preload lists in the entry. A page using only some of them loads the rest too; every page's first download still
// shrank with it (decision 135).
const COMMON_UI_COMPONENTS = 'Stack|Paper|Title|Alert|CloseButton|Input|InputBase|TextInput|Badge|Card|SimpleGrid';
const COMMON_UI = new RegExp(
  [
    String.raw`node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](${COMMON_UI_COMPONENTS})[\\/]`,
    String.raw`node_modules[\\/]@tanstack[\\/]react-query[\\/].*[\\/]useMutation\.js$`,
    String.raw`node_modules[\\/]@tanstack[\\/]query-core[\\/].*[\\/]mutationObserver\.js$`,
  ].join('|'),
);

export default defineConfig(({ command }) => ({
  plugins: [react(), pagePreloadsPlugin(fileURLToPath(new URL('./src', import.meta.url))), precompress()],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  server: {
    port: 5173,
    proxy: {
      '/api/ws': { target: api, ws: true },
      '/api': api,
      '/logo.png': api,
      '/uploads': api,
      '/dev': api,
    },
  },
  build: {
    sourcemap: false,
    // The polyfill only serves index.html's modulepreload links in browsers without modulepreload (Safari before 17,
    // Firefox before 115), which still load those files through the imports; the lazy pages' preloads fall back to
    // rel=preload there by themselves. It was ~0.4 kB on every page for everyone.
    modulePreload: { polyfill: false },
    reportCompressedSize: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      // Schema definitions are pure: one a page does not use is dropped, and zod with it when none is used.
      treeshake: { manualPureFunctions: ['z'] },
      // Everything every page loads anyway stays in one file: split further it only compresses worse.
      output: {
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'] },
            { name: 'ui', test: COMMON_UI },
            // The listing cards and all they import (badges, formats, icons), 11 files of 50-2,700 bytes, as one: the
            // public pages that show them (home, /browse, a seller, similar listings) ask for 10 files fewer, which over
            // HTTP/1.1's six at a time is two round trips; a signed-in page using one badge loads ~2 kB more (229).
            { name: 'listing-grid', test: /src[\\/]components[\\/]listings[\\/]listing-grid\.tsx$/ },
          ],
        },
      },
    },
  },
}));
