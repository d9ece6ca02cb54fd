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
          environment: "node",
          globalSetup: ["./server/test/template-setup.ts"],
          setupFiles: ["./server/test/fail-on-console-error.ts"],
          testTimeout: 30_000,
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
        },
      },
    ],
  },
});
