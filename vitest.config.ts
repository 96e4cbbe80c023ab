import { defineConfig } from 'vitest/config';

// One `vitest run` covers every workspace. Server tests run once on PGlite and, when
// TEST_DATABASE_URL points at a PostgreSQL server (CI does this), once more on it.
const serverTests = ['apps/server/src/**/*.spec.ts'];

// A server test file makes its own servers, databases and machines and closes them, and restores
// what it changes of the process (timers, environment), so its worker's modules serve the next file:
// a fresh worker per file imported fastify, PGlite, drizzle and the server anew every time (import
// 594 s of the run, wall 928 s; shared, 74 s and 615 s). The PostgreSQL files run after the PGlite
// ones, so that a worker keeps one project's modules (docs/decisions.md, "Server test files share
// their worker").

export default defineConfig({
  test: {
    pool: 'forks',
    // Three files at a time on two cores: the server tests wait on their servers, brokers and clocks
    // (even three at a time used 1.5 of the 2 cores). With the CI services: 525–540 s at two, 429 s
    // at three.
    maxWorkers: 3,
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.spec.ts'] } },
      { test: { name: 'web', include: ['apps/web/src/**/*.spec.ts', 'apps/web/scripts/**/*.spec.ts'] } },
      { test: { name: 'simulator', include: ['apps/simulator/src/**/*.spec.ts'], testTimeout: 30_000 } },
      {
        test: {
          name: 'server:pglite',
          include: serverTests,
          isolate: false,
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'server:postgres',
                include: serverTests,
                isolate: false,
                sequence: { groupOrder: 1 },
                env: { TEST_DB: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
