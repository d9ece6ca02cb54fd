import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Two cores on the CI machine: one worker per core (the default leaves one idle).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "api",
          include: ["server/**/*.test.ts", "shared/**/*.test.ts"],
          exclude: ["server/**/*.postgres.test.ts"],
          environment: "node",
          globalSetup: ["./server/test/template-setup.ts"],
          setupFiles: ["./server/test/fail-on-console-error.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // Against a real PostgreSQL 15 server: one cluster per test file (server/test/postgres-server.ts).
          name: "postgres",
          include: ["server/**/*.postgres.test.ts"],
          environment: "node",
          globalSetup: ["./server/test/template-setup.ts", "./server/test/postgres-setup.ts"],
          setupFiles: ["./server/test/fail-on-console-error.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "browser",
          include: ["e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["./server/test/template-setup.ts", "./e2e/support/global-setup.ts"],
          setupFiles: ["./server/test/fail-on-console-error.ts"],
          testTimeout: 90_000,
          hookTimeout: 90_000,
          // A page polled for (its title, a count of rows) may take more than the default second to render on a
          // loaded machine.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
