import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.ts", "server/**/*.test.ts", "db/**/*.test.ts", "scripts/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    // A server on a fresh embedded database migrates before it answers: slow on a busy 2-core machine.
    hookTimeout: 120_000,
    // PGlite instances are memory-hungry; two files at a time suits a 2-core machine.
    maxWorkers: 2,
  },
});
