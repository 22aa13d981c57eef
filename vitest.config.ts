import { defineConfig } from 'vitest/config';

// Three tiers (STYLE.md "Tests"), run one at a time by scripts/test.ts:
//   unit         *.spec.ts beside the code, nothing real
//   integration  server/test/**, real database (SQLite, then PostgreSQL), storage, SMTP
//   e2e          web/e2e/**, the built app in Chromium
// Each project has its own sequence.groupOrder: vitest refuses to run projects with
// different maxWorkers in one group when they are run together (`vitest run`).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['contracts/src/**/*.spec.ts', 'server/src/**/*.spec.ts', 'web/src/**/*.spec.{ts,tsx}'],
          environment: 'node',
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One more try for a test that meets a busy machine (real servers, timers); a test
          // that passes only on its retry is listed by scripts/test.ts, to be fixed.
          retry: 1,
          pool: 'forks',
          fileParallelism: true,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['web/e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['web/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // As for integration: a browser on two busy cores; retries are listed by scripts/test.ts.
          retry: 1,
          // Two files at once: each starts its own server, data directory and Chromium on free ports,
          // and much of a journey is waiting on them, so two share the cores (about a third faster).
          fileParallelism: true,
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
