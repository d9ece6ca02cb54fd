import { describe, expect, it } from "vitest";
import { createFirstTokenGate } from "../chat/first-token-gate";
import type { AppDeps } from "../deps";
import { createLogger } from "../logger";
import { createTestDatabase } from "../test/test-database";
import { defineJob } from "./define-job";
import { createJobRunner } from "./job-runner";

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** What the runner reads of the app's deps: the first-token gate its workers step aside for. */
const depsWith = (firstTokens = createFirstTokenGate()) => ({ answers: { firstTokens } }) as unknown as AppDeps;

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
      const slow = defineJob<{ label: string }, AppDeps>({
        name: "outlives-stop",
        policy: { retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 60 },
        async run() {
          began();
          // Longer than the stop waits (pg-boss waits at least a second).
          await delay(2000);
          ended();
        },
      });
      const runner = createJobRunner<AppDeps>(database, createLogger("silent"), {
        pollingIntervalSeconds: 0.5,
        stopGraceMs: 100,
      });
      await runner.start(depsWith(), [slow as never]);
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
    type Client = Record<"query" | "execProtocol", (...args: unknown[]) => Promise<unknown>>;
    const client = (database.db as unknown as { $client: Client }).$client;
    const query = client.query.bind(client);
    // The queue's own statements go either way: as queries, or as prepared statements through the protocol.
    const execProtocol = client.execProtocol.bind(client);
    try {
      let runs = 0;
      let failed!: () => void;
      const failedOnce = new Promise<void>((resolve) => (failed = resolve));
      const job = defineJob<{ label: string }, AppDeps>({
        name: "database-goes-away",
        policy: { retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 60 },
        async run() {
          runs++;
          // Every statement fails from now on, as when the server restarts: so does pg-boss's own "job failed".
          client.query = () => Promise.reject(new Error("Connection terminated unexpectedly"));
          client.execProtocol = client.query;
          setTimeout(failed, 300);
          throw new Error("the job's own query failed");
        },
      });
      const runner = createJobRunner<AppDeps>(database, createLogger("silent"), { pollingIntervalSeconds: 0.5 });
      await runner.start(depsWith(), [job as never]);
      await runner.send(job, { label: "one" });
      await failedOnce;
      client.query = query;
      client.execProtocol = execProtocol;
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
      client.execProtocol = execProtocol;
      process.off("unhandledRejection", collect);
      await database.close();
    }
  });
});

describe("background jobs and chat turns", () => {
  /** A job that notes the label it was sent with in `ran` when it runs. */
  const labelRecordingJob = (name: string, ran: string[]) =>
    defineJob<{ label: string }, AppDeps>({
      name,
      policy: { retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 60 },
      async run(_deps, { label }) {
        ran.push(label);
      },
    });

  it("holds a worker back while a chat turn waits for its first token, and runs the job once the token is out", async () => {
    const database = await createTestDatabase();
    const gate = createFirstTokenGate();
    const runner = createJobRunner<AppDeps>(database, createLogger("silent"), { pollingIntervalSeconds: 0.5 });
    try {
      const ran: string[] = [];
      const job = labelRecordingJob("steps-aside", ran);
      await runner.start(depsWith(gate), [job as never]);
      const firstToken = gate.enter();
      // Sending is a request's own step: it is not held back.
      await runner.send(job, { label: "after the turn's first token" });
      await delay(500);
      expect(ran).toEqual([]);
      firstToken();
      await runner.idle(10_000);
      expect(ran).toEqual(["after the turn's first token"]);
    } finally {
      await runner.stop();
      await database.close();
    }
  });
  it("holds a worker's fetch back for a turn that arrives just before the fetch runs", async () => {
    const database = await createTestDatabase();
    const gate = createFirstTokenGate();
    // Once armed, a turn arrives right after the fetch has found no turn waiting, before the fetch runs.
    let armed = false;
    let firstToken: (() => void) | undefined;
    const arrivingTurn = {
      ...gate,
      clear(maxWaitMs: number) {
        const cleared = gate.clear(maxWaitMs);
        if (armed && !firstToken) setImmediate(() => (firstToken ??= gate.enter()));
        return cleared;
      },
    };
    const runner = createJobRunner<AppDeps>(database, createLogger("silent"), { pollingIntervalSeconds: 30 });
    try {
      const ran: string[] = [];
      const job = labelRecordingJob("late-turn", ran);
      await runner.start(depsWith(arrivingTurn), [job as never]);
      await delay(300);
      armed = true;
      await runner.send(job, { label: "after the late turn's first token" });
      await delay(500);
      expect(firstToken).toBeDefined();
      expect(ran).toEqual([]);
      firstToken?.();
      await runner.idle(10_000);
      expect(ran).toEqual(["after the late turn's first token"]);
    } finally {
      await runner.stop();
      await database.close();
    }
  });
});

describe("waking a queue's workers", () => {
  it("starts a job at once on an idle worker, and on a busy one as soon as its job ends", async () => {
    const database = await createTestDatabase();
    // Polling alone would take 30 s: every start below comes from the job being sent.
    const runner = createJobRunner<AppDeps>(database, createLogger("silent"), { pollingIntervalSeconds: 30 });
    try {
      const started: string[] = [];
      const releases = new Map<string, () => void>();
      const job = defineJob<{ label: string }, AppDeps>({
        name: "two-workers",
        policy: { retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 60, concurrency: 2 },
        async run(_deps, { label }) {
          started.push(label);
          await new Promise<void>((resolve) => releases.set(label, resolve));
        },
      });
      await runner.start(depsWith(), [job as never]);
      const startedBy = async (labels: string[]) => {
        for (let waited = 0; started.length < labels.length && waited < 5_000; waited += 20) await delay(20);
        expect(started).toEqual(labels);
      };

      await runner.send(job, { label: "first" });
      await startedBy(["first"]);
      // The other worker is idle: it takes the second job while the first still runs.
      await runner.send(job, { label: "second" });
      await startedBy(["first", "second"]);
      // Both are busy: the third starts once one of them is free, not at the next poll.
      await runner.send(job, { label: "third" });
      await delay(200);
      expect(started).toEqual(["first", "second"]);
      releases.get("first")?.();
      await startedBy(["first", "second", "third"]);
      releases.get("second")?.();
      releases.get("third")?.();
      await runner.idle(10_000);
    } finally {
      await runner.stop();
      await database.close();
    }
  });
});

describe("a job cut off by a crash", () => {
  it("counts the run cut off as an attempt, and fails a job with no retry left instead of running it again", async () => {
    const database = await createTestDatabase();
    const attempts: number[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const job = defineJob<{ label: string }, AppDeps>({
      name: "cut-off",
      policy: { retryLimit: 1, retryDelaySeconds: 1, expireInSeconds: 60 },
      async run(_deps, _data, { attempt }) {
        attempts.push(attempt);
        // Never ends by itself, as a run whose process is killed.
        await held;
      },
    });
    const runners = [0, 1, 2].map(() =>
      createJobRunner(database, createLogger("silent"), { pollingIntervalSeconds: 0.5 }),
    );
    const startedRuns = async (count: number) => {
      for (let waited = 0; attempts.length < count && waited < 10_000; waited += 20) await delay(20);
    };
    try {
      await runners[0]?.start(depsWith(), [job as never]);
      await runners[0]?.send(job, { label: "cut off twice" });
      await startedRuns(1);
      // The process is killed: the next one starts on the same (embedded) database and finds the job still active.
      await runners[1]?.start(depsWith(), [job as never]);
      await startedRuns(2);
      expect(attempts).toEqual([0, 1]);
      // Killed again, with no retry left: the job fails rather than running a third time.
      await runners[2]?.start(depsWith(), [job as never]);
      const { rows } = await database.client.query<{ state: string }>(
        "select state from pgboss.job where name = 'cut-off'",
      );
      expect(rows).toEqual([{ state: "failed" }]);
      // Two polling intervals: time enough for a worker to take the job, were it queued.
      await delay(1000);
      expect(attempts).toEqual([0, 1]);
    } finally {
      release();
      for (const runner of runners) await runner.stop();
      await database.close();
    }
  });
});

describe("a backlog of jobs", () => {
  it("runs back to back, each worker looking for the next as soon as its job is done, not at its next poll", async () => {
    const database = await createTestDatabase();
    const runner = createJobRunner<AppDeps>(database, createLogger("silent"), { pollingIntervalSeconds: 3 });
    try {
      const endedAt: number[] = [];
      let allDone!: () => void;
      const done = new Promise<void>((resolve) => (allDone = resolve));
      const job = defineJob<{ n: number }, AppDeps>({
        name: "backlog",
        policy: { retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 60, concurrency: 1 },
        async run() {
          endedAt.push(performance.now());
          if (endedAt.length === 5) allDone();
        },
      });
      await runner.start(depsWith(), [job as never]);
      // Due a second from now, when no send wakes the worker: it finds them at its next poll.
      for (let n = 0; n < 5; n++) await runner.send(job, { n }, { startAfterSeconds: 1 });
      await done;
      // One poll, then the rest at once: a poll each would take 4 × 3 s.
      expect((endedAt.at(-1) ?? 0) - (endedAt[0] ?? 0)).toBeLessThan(2000);
    } finally {
      await runner.stop();
      await database.close();
    }
  });
});
