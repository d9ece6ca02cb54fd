import { describe, expect, it } from "vitest";
import type { AppDeps } from "../deps";
import { createLogger } from "../logger";
import { createTestDatabase } from "../test/test-database";
import { createJobRunner, defineJob } from "./job-runner";

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("stopping the job runner", () => {
  it("lets a job that outlives the stop end without an error nobody handles", async () => {
    const unhandled: unknown[] = [];
    const collect = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", collect);
    const database = await createTestDatabase();
    try {
      let began!: () => void;
      let ended!: () => void;
      const running = new Promise<void>((resolve) => (began = resolve));
      const done = new Promise<void>((resolve) => (ended = resolve));
      const slow = defineJob<{ label: string }>({
        name: "outlives-stop",
        policy: { retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 60 },
        async run() {
          began();
          // Longer than the stop waits (pg-boss waits at least a second).
          await delay(2000);
          ended();
        },
      });
      const runner = createJobRunner(database, createLogger("silent"), {
        pollingIntervalSeconds: 0.5,
        stopGraceMs: 100,
      });
      await runner.start({} as AppDeps, [slow as never]);
      await runner.send(slow, { label: "slow" });
      await running;
      await runner.stop();
      // The job ends after the stop gave up waiting; the queue then marks it done, which must not reach the database.
      await done;
      await delay(200);
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", collect);
      await database.close();
    }
  });
});
