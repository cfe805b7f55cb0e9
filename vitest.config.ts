import { defineConfig } from 'vitest/config';

// Unit tests (packages/shared, pure web helpers) and server integration tests (apps/server) against a real database.
// TEST_ENGINE=postgres with TEST_DATABASE_URL runs the server suite on PostgreSQL.
export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/web/src/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Files share a worker's loaded modules: every file builds its own app and database, and re-importing the server
    // for each of ~100 files cost more time than all the SQLite tests themselves.
    isolate: false,
  },
});
