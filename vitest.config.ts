import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Two projects: `unit` (pure functions, contracts, web components) and `api`
// (buildTestApp() + app.inject on a real database). The api project runs on PGlite,
// and again on PostgreSQL when TEST_DATABASE_URL is set (see scripts/test.ts).
export default defineConfig({
  test: {
    // vitest's default (cores - 1) is ONE worker on a 2-core CI machine, leaving a core idle:
    // PGlite tests are CPU bound in the worker, PostgreSQL ones wait on the server (decision 054)
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/**/*.test.ts',
            'apps/web/app/**/*.test.{ts,tsx}',
            'apps/web/scripts/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          setupFiles: ['./scripts/vitest-fail-on-console.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/**/*.test.ts'],
          // migrates one template database that every test database copies (decision 054)
          globalSetup: ['./apps/api/test/database-template.ts'],
          setupFiles: [
            './scripts/vitest-fail-on-console.ts',
            './apps/api/test/ledger-invariants.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
