import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const api = process.env.API_URL ?? 'http://localhost:3000';

/** Write .br and .gz beside every text asset of the build, so the server sends them without compressing per request. */
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
        if (raw.length < 1024) continue;
        const params = {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        };
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(raw, { params }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(raw, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
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
    reportCompressedSize: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      // Schema definitions are pure: one a page does not use is dropped, and zod with it when none is used.
      treeshake: { manualPureFunctions: ['z'] },
      // Everything every page loads anyway stays in one file: split further it only compresses worse.
      output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } },
    },
  },
});
