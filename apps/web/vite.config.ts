import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
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
  },
});
