import { defineConfig } from "vitest/config";

/**
 * Files that need a process of their own: they test something that happens once per process.
 * s3-storage.server.test.ts: the AWS SDK warns once per process, on the first client made.
 */
const ownProcess = ["app/features/uploads/s3-storage.server.test.ts"];

/**
 * Files that time the code against the clock or the processor (the benchmark's generator-bound rule): `.ci/run`'s
 * second run on Node.js 24 leaves them out (AGENCY_SKIP_TIMINGS), as that run checks behaviour on another runtime
 * and `npm test`'s own run has just timed them. The chat's retrieval speed is timed in tests/measured, alone.
 */
const timings = process.env.AGENCY_SKIP_TIMINGS ? ["scripts/wrk.test.ts"] : [];

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    testTimeout: 30_000,
    // A server on a fresh embedded database migrates before it answers: slow on a busy 2-core machine.
    hookTimeout: 120_000,
    // Three files at a time on a 2-core machine: the files wait on PostgreSQL, child processes and
    // timers for a sixth of the run, which a third worker fills (with TEST_DATABASE_URL: 395 s with
    // two, 318 s with three, 285 s with four; three leaves room for the files that encode images).
    maxWorkers: 3,
    // Once per run: the data folder initdb makes, which every in-memory PGlite then starts from
    // (tests/support/pglite-template.ts), and the PostgreSQL databases of the run dropped at its end.
    globalSetup: ["tests/support/vitest-global-setup.ts"],
    setupFiles: ["tests/support/vitest-setup.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "shared",
          include: ["app/**/*.test.ts", "server/**/*.test.ts", "db/**/*.test.ts", "scripts/**/*.test.ts", "tests/integration/**/*.test.ts"],
          exclude: ["**/node_modules/**", ...ownProcess, ...timings],
          // Each worker process runs one file after another and keeps the modules it has loaded: starting a
          // process, loading the server's modules and warming them up once per file cost about a third of
          // the run's CPU. Each file still opens its own databases and servers and closes them after it.
          isolate: false,
        },
      },
      { extends: true, test: { name: "own-process", include: ownProcess } },
      // Timings and memory of the built server: run alone, after the others (scripts/test.mjs), one file at a time.
      {
        extends: true,
        test: { name: "measured", include: ["tests/measured/**/*.test.ts"], maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
