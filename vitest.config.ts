import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Files that run for minutes (`money-invariants` ~5 on PostgreSQL): started first, so the suite does not end with one
// of them running alone on one core. Vitest orders by past timings, which a clean clone has none of, then by size.
const LONG_FILES = ['money-invariants.test.ts', 'api-fuzz.test.ts', 'saved-search-alerts.test.ts', 'seed-once.test.ts'];
class LongFilesFirst extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const long = (f: TestSpecification) => LONG_FILES.some((name) => f.moduleId.endsWith(`/${name}`));
    return [...sorted.filter(long), ...sorted.filter((f) => !long(f))];
  }
}

// Unit tests (packages/shared, pure web helpers) and server integration tests (apps/server) against a real database.
// TEST_ENGINE=postgres with TEST_DATABASE_URL runs the server suite on PostgreSQL.
export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/web/src/**/*.test.ts',
      'apps/web/build/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    // `npm test` runs the PostgreSQL suite beside the journeys (decision 176): on a slower two-core machine the heaviest
    // set-ups (the demo seed, hundreds of orders) took more than 20 and 30 s there. No test times what it checks.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    sequence: { sequencer: LongFilesFirst },
    // Vitest leaves a core for itself (one worker on two cores), but its own process idles while files run: two workers
    // keep a two-core machine busy. On PostgreSQL each file's scratch schema sits beside the other worker's.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // Files share a worker's loaded modules: every file builds its own app and database, and re-importing the server
    // for each of ~100 files cost more time than all the SQLite tests themselves.
    isolate: false,
  },
});
