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

describe("a database that goes away while a job runs", () => {
  it("does not end the process when the job's end cannot be recorded, and the job runs again later", async () => {
    const unhandled: unknown[] = [];
    const collect = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", collect);
    const database = await createTestDatabase();
    const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
    const query = client.query.bind(client);
    try {
      let runs = 0;
      let failed!: () => void;
      const failedOnce = new Promise<void>((resolve) => (failed = resolve));
      const job = defineJob<{ label: string }>({
        name: "database-goes-away",
        policy: { retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 60 },
        async run() {
          runs++;
          // Every statement fails from now on, as when the server restarts: so does pg-boss's own "job failed".
          client.query = () => Promise.reject(new Error("Connection terminated unexpectedly"));
          setTimeout(failed, 300);
          throw new Error("the job's own query failed");
        },
      });
      const runner = createJobRunner(database, createLogger("silent"), { pollingIntervalSeconds: 0.5 });
      await runner.start({} as AppDeps, [job as never]);
      await runner.send(job, { label: "one" });
      await failedOnce;
      client.query = query;
      await delay(200);
      expect(unhandled).toEqual([]);
      expect(runs).toBe(1);
      // The job was not recorded as failed: it is still active, to be expired and run again.
      const [row] = (
        (await query("select state from pgboss.job where name = 'database-goes-away'")) as { rows: { state: string }[] }
      ).rows;
      expect(row?.state).toBe("active");
      await runner.stop();
    } finally {
      client.query = query;
      process.off("unhandledRejection", collect);
      await database.close();
    }
  });
});
