import { defineConfig } from 'vitest/config';

// Two projects: `unit` (pure functions, contracts, web components) and `api`
// (buildTestApp() + app.inject on a real database). The api project runs on PGlite,
// and again on PostgreSQL when TEST_DATABASE_URL is set (see scripts/test.ts).
export default defineConfig({
  test: {
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
