import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import PgBoss from "pg-boss";
import type { DatabaseHandle } from "../db/client";
import type { Logger } from "../logger";
import type { JobPolicy, JobType } from "./define-job";

/**
 * The one runner for work that outlasts a request (reading documents,
 * embedding, re-indexing): durable jobs in PostgreSQL through pg-boss, on the
 * embedded database as on a server (docs/decisions/0015-durable-jobs-with-pg-boss.md).
 * A job is fetched by one process only (SELECT … FOR UPDATE SKIP LOCKED), is
 * retried with backoff when its handler throws, and is picked up again after a
 * crash. Each job type lives in its own file beside the capability it serves.
 */

/** What the runner reads of the app's deps: the chat's first-token gate, which its workers step aside for. */
type RunnerDeps = { answers: { firstTokens: { clear(maxWaitMs: number): Promise<void> } } };

export type JobRunnerOptions = {
  /** How often an idle worker looks for new jobs (pg-boss allows 0.5 s at least). */
  pollingIntervalSeconds?: number;
  /** Replaces every job type's first retry delay (tests use 1 s). */
  retryDelaySeconds?: number;
  /** Replaces every job type's retry limit (tests: 0 makes the first failure final). */
  retryLimit?: number;
  /** How long a stop lets running jobs finish (STOP_GRACE_MS unless a test shortens it). */
  stopGraceMs?: number;
};

export type JobRunner<Deps> = {
  send<Data>(
    job: JobType<Data, Deps>,
    data: Data,
    options?: { singletonKey?: string; startAfterSeconds?: number },
  ): Promise<void>;
  /**
   * Runs the job once `quietSeconds` have passed without another such send for the same key: a job of that key still
   * waiting is pushed back rather than doubled (its queue's policy is "short").
   */
  sendAfterQuiet<Data>(
    job: JobType<Data, Deps>,
    data: Data,
    options: { key: string; quietSeconds: number },
  ): Promise<void>;
  /**
   * The waiting jobs of this type whose data contains `match` (but not the one of `exceptKey`) run now, with `mark`
   * added to their data.
   */
  runWaitingNow<Data>(
    job: JobType<Data, Deps>,
    match: Partial<Data>,
    options?: { exceptKey?: string; mark?: Partial<Data> },
  ): Promise<void>;
  start(deps: Deps, jobs: ReadonlyArray<JobType<never, Deps>>): Promise<void>;
  stop(): Promise<void>;
  /** Resolves once no job is waiting to start now or running (tests and benchmarks). */
  idle(timeoutMs?: number): Promise<void>;
};

const SCHEMA = "pgboss";
/** Restarts the pause of the job waiting under a key (sendAfterQuiet): after every chat answer, for its learning. */
const RESTART_PAUSE_SQL = `update ${SCHEMA}.job set start_after = now() + $3::interval
  where name = $1 and singleton_key = $2 and state = 'created' returning id`;
/** What the queue's database answers once the runner has stopped (see createJobRunner). */
const NO_RESULT = undefined as unknown as { rows: unknown[] };
const DEFAULT_POLLING_SECONDS = 2;
/**
 * A worker's own statements (fetching a job, recording how it ended) wait while a chat turn of this process is before
 * its first token, this long at most: a steady stream of turns cannot hold the queue back for longer.
 */
const STEP_ASIDE_MAX_MS = 2000;
/** How long a stopping server lets running jobs finish before handing them back to the queue. */
const STOP_GRACE_MS = 4000;

export function createJobRunner<Deps extends RunnerDeps>(
  database: DatabaseHandle,
  log: Logger,
  options: JobRunnerOptions = {},
): JobRunner<Deps> {
  let stopped = false;
  const execute = executorFor(database);
  /**
   * For one statement: a wait that resolves when no chat turn waits for its first token, or once the statement's
   * time to step aside is used up (set once the runner starts with the app's deps).
   */
  let stepAside: (() => () => Promise<void>) | undefined;
  const boss = new PgBoss({
    // Once stopped, a worker's last poll must not reach a database that is closing. No result at all (rather than no
    // rows) is what pg-boss reads as "nothing fetched, nothing changed" everywhere, also when a job that outlived the
    // stop is marked done: pg-boss does not await that, so an empty result there would be an unhandled rejection.
    db: {
      executeSql: async (text, values) => {
        if (stopped) return NO_RESULT;
        // Background work goes after chat turns that wait for their first token (first-token-gate.ts): the worker's
        // fetch and its record of a job's end, not a request's sending of a job.
        // It waits before it is queued and once more just before it runs, 2 s in all at most.
        const waitsForTurns = stepAside && (fetchesJobs(text) || marksJobsDone(text)) ? stepAside() : undefined;
        if (waitsForTurns) await waitsForTurns();
        if (stopped) return NO_RESULT;
        if (!marksJobsDone(text)) return execute(text, values, waitsForTurns);
        // Marking a job done or failed is not awaited by pg-boss either: while the database is away that would be an
        // unhandled rejection, which ends the process. The job stays active and runs again once it expires.
        try {
          return await execute(text, values, waitsForTurns);
        } catch (error) {
          log.warn({ err: error }, "could not record how a job ended; it runs again later");
          return NO_RESULT;
        }
      },
    },
    schema: SCHEMA,
    // Nothing here is scheduled by cron; the clock monitor would only add queries.
    schedule: false,
    // Finished jobs are kept a week for diagnosis, then deleted.
    deleteAfterDays: 7,
  });
  const workersByQueue = new Map<string, string[]>();
  /**
   * Every worker of a queue in this process looks at once instead of at its next poll; a busy one as soon as its job
   * is done. Waking one idle worker only was measured slower (docs/decisions/0020, decision 39).
   */
  const wakeWorkers = (name: string) => {
    for (const id of workersByQueue.get(name) ?? []) boss.notifyWorker(id);
  };
  const types = new Map<string, JobType<never, Deps>>();
  let started = false;
  let stopping = false;
  /** The start under way: a server listens while its job runner starts, and what needs the runner waits for it. */
  let starting: Promise<void> | undefined;

  const startRunner = async (deps: Deps, jobs: ReadonlyArray<JobType<never, Deps>>) => {
    stepAside = () => {
      const until = performance.now() + STEP_ASIDE_MAX_MS;
      return () => deps.answers.firstTokens.clear(Math.max(0, until - performance.now()));
    };
    await boss.start();
    started = true;
    const existing = await existingQueues(execute);
    for (const job of jobs) {
      types.set(job.name, job);
      // A queue once created keeps its settings (pg-boss creates it only when missing), so only missing ones are asked for.
      if (existing.has(job.name)) continue;
      await createQueueOnce(() =>
        boss.createQueue(job.name, { name: job.name, policy: job.policy.policy ?? "standard" }),
      );
    }
    if (database.driver === "pglite") await recoverInterruptedJobs(execute, log);
    for (const job of jobs) {
      const ids: string[] = [];
      for (let index = 0; index < (job.policy.concurrency ?? 1); index++) {
        // Set once pg-boss has made the worker, before its first fetch can have returned a job.
        let workerId: string | undefined;
        const id = await boss.work<unknown>(
          job.name,
          {
            batchSize: 1,
            includeMetadata: true,
            pollingIntervalSeconds: options.pollingIntervalSeconds ?? DEFAULT_POLLING_SECONDS,
          },
          async ([item]) => {
            if (!item) return;
            const jobLog = log.child({ job: job.name, jobId: item.id });
            const lastAttempt = item.retryCount >= item.retryLimit;
            try {
              const context = { log: jobLog, jobId: item.id, attempt: item.retryCount, lastAttempt };
              await job.run(deps, item.data as never, context);
            } catch (error) {
              jobLog.warn({ err: error, attempt: item.retryCount + 1, lastAttempt }, "job failed");
              throw error;
            } finally {
              // A worker that had a job looks for the next at once rather than after its polling interval, so a
              // backlog (a weekly run's briefs) drains as fast as its jobs run; a fetch that finds none waits as before.
              if (workerId) boss.notifyWorker(workerId);
            }
          },
        );
        workerId = id;
        ids.push(id);
      }
      workersByQueue.set(job.name, ids);
    }
  };

  boss.on("error", (error: Error) => {
    if (stopping) return;
    log.warn({ err: error }, "job queue error");
  });

  return {
    async send(job, data, sendOptions = {}) {
      // A request that queues a job while the runner is still starting waits for it (a fraction of a second).
      await starting;
      const policy = effectivePolicy(job.policy, options);
      await boss.send(job.name, data as object, {
        retryLimit: policy.retryLimit,
        retryDelay: policy.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: policy.expireInSeconds,
        singletonKey: sendOptions.singletonKey,
        // An interval string, as in sendAfterQuiet: pg-boss reads a number of 0 as "no delay given".
        ...(sendOptions.startAfterSeconds ? { startAfter: `${sendOptions.startAfterSeconds} seconds` } : {}),
      });
      wakeWorkers(job.name);
    },

    async sendAfterQuiet(job, data, { key, quietSeconds }) {
      await starting;
      const policy = effectivePolicy(job.policy, options);
      // The delay as an interval string: pg-boss reads a number of 0 as "no delay given" and fractions as text alike.
      const startAfter = `${quietSeconds} seconds`;
      // One already waiting for this key (as after every answer but a conversation's first) waits the whole pause again
      // from now; otherwise one is sent, unless another send has just made it, which is then pushed back in turn.
      const restart = () => execute(RESTART_PAUSE_SQL, [job.name, key, startAfter]);
      const restarted = await restart();
      if (restarted.rows.length === 0) {
        const id = await boss.send(job.name, data as object, {
          retryLimit: policy.retryLimit,
          retryDelay: policy.retryDelaySeconds,
          retryBackoff: true,
          expireInSeconds: policy.expireInSeconds,
          singletonKey: key,
          startAfter,
        });
        if (id === null) await restart();
      }
      if (quietSeconds === 0) wakeWorkers(job.name);
    },

    async runWaitingNow(job, match, { exceptKey, mark } = {}) {
      await starting;
      const { rows } = await execute(
        `update ${SCHEMA}.job set start_after = now(), data = data || $4::jsonb
         where name = $1 and state = 'created' and data @> $2::jsonb and singleton_key is distinct from $3
           and start_after > now()
         returning id`,
        [job.name, JSON.stringify(match), exceptKey ?? null, JSON.stringify(mark ?? {})],
      );
      if (rows.length > 0) wakeWorkers(job.name);
    },

    start(deps, jobs) {
      starting ??= startRunner(deps, jobs);
      return starting;
    },

    async stop() {
      // A stop during the start lets the start finish first, so no worker is left behind on a closed database.
      await starting?.catch(() => {});
      if (!started || stopping) return;
      stopping = true;
      // Jobs still running after the grace period go back to the queue and run again on the next start.
      await boss.stop({ graceful: true, wait: true, close: false, timeout: options.stopGraceMs ?? STOP_GRACE_MS });
      stopped = true;
    },

    async idle(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      const names = [...types.keys()];
      for (;;) {
        const { rows } = await execute(
          `select count(*)::int as pending from ${SCHEMA}.job
           where name = any($1) and (state = 'active' or (state in ('created', 'retry') and start_after <= now()))`,
          [names],
        );
        if ((rows[0] as { pending: number }).pending === 0) return;
        if (Date.now() > deadline) throw new Error("jobs did not finish in time");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

function effectivePolicy(policy: JobPolicy, options: JobRunnerOptions): JobPolicy {
  return {
    ...policy,
    retryDelaySeconds: options.retryDelaySeconds ?? policy.retryDelaySeconds,
    retryLimit: options.retryLimit ?? policy.retryLimit,
  };
}

/**
 * The embedded database has one process (its data folder is locked), so a job
 * still marked active at start-up was cut off by a crash or a kill: it goes
 * back to the queue now, to run at once, rather than after its expiry. On a
 * PostgreSQL server other processes may be running it, so there expiry
 * decides. The run cut off counts as an attempt (pg-boss counts it when the
 * job is next fetched, as it keeps its start time), and a job with no retry
 * left fails: a job that ends the process cannot start it again and again.
 * pg-boss has no call for "run this active job again now", so this one
 * statement works on its job table directly.
 */
async function recoverInterruptedJobs(execute: Executor, log: Logger) {
  const { rows } = await execute(
    `update ${SCHEMA}.job
     set state = (case when retry_count < retry_limit then 'retry' else 'failed' end)::${SCHEMA}.job_state,
       completed_on = case when retry_count < retry_limit then null else now() end,
       start_after = now()
     where state = 'active' returning id, name, state`,
    [],
  );
  for (const row of rows as Array<{ id: string; name: string; state: string }>) {
    if (row.state === "failed") log.warn({ job: row.name, jobId: row.id }, "job interrupted by a stop; no retry left");
    else log.info({ job: row.name, jobId: row.id }, "job interrupted by a stop; queued again");
  }
}

/** The queues already created: on every start but the very first, all of them. */
async function existingQueues(execute: Executor): Promise<Set<string>> {
  const { rows } = await execute(`select name from ${SCHEMA}.queue`, []);
  return new Set((rows as Array<{ name: string }>).map((row) => row.name));
}

/**
 * Runs one of pg-boss's statements. `ready`, when given, is awaited once more just before the statement runs on the
 * embedded database, after the statement has let waiting work go first: a turn that arrived meanwhile is not made to
 * wait behind it.
 */
type Executor = (text: string, values?: unknown[], ready?: () => Promise<void>) => Promise<{ rows: unknown[] }>;

/** pg-boss's `db` adapter: its SQL straight to the driver under Drizzle (PGlite in-process, or the pg pool). */
function executorFor(database: DatabaseHandle): Executor {
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (database.driver === "pglite") {
    const pglite = client as PGlite;
    return async (text, values, ready) => {
      // The embedded engine runs one statement at a time, in the order asked, and a run of them chained by promises
      // alone would keep requests' statements waiting until the run ends (the job runner's start, a worker's fetch,
      // pg-boss's upkeep): the queue's statements let whatever is waiting on the event loop go first.
      await new Promise((resolve) => setImmediate(resolve));
      if (ready) await ready();
      // Without parameters pg-boss may send several statements (its schema, maintenance), which only exec runs.
      if (!values || values.length === 0) return (await pglite.exec(text)).at(-1) ?? { rows: [] };
      // The three statements every job runs (sent, fetched, recorded as done) and the pause every chat answer restarts
      // are prepared: planning is much of a statement's time on PGlite (docs/decisions/0020), and each of them reads
      // one queue's rows by key.
      const hot = sendsJob(text) || fetchesJobs(text) || marksJobsDone(text) || text === RESTART_PAUSE_SQL;
      if (database.prepared && hot) {
        return database.prepared.query(text, values);
      }
      return pglite.query(text, values);
    };
  }
  const pool = client as pg.Pool;
  return (text, values) => pool.query(text, values as unknown[]);
}

/**
 * Creates (or updates) the job queue's own tables and these jobs' queues without starting workers: the build's
 * migrated database and the test run's template get them once, instead of every new data folder or every test.
 */
export async function prepareJobStore(
  database: DatabaseHandle,
  jobs: ReadonlyArray<Pick<JobType<never, never>, "name" | "policy">> = [],
): Promise<void> {
  const boss = new PgBoss({
    db: { executeSql: executorFor(database) },
    schema: SCHEMA,
    schedule: false,
    supervise: false,
  });
  await boss.start();
  for (const job of jobs) await boss.createQueue(job.name, { name: job.name, policy: job.policy.policy ?? "standard" });
  await boss.stop({ graceful: false, close: false, wait: true });
}

/**
 * Processes started together on one server create the same queues at once, and PostgreSQL may end one of them
 * as a deadlock; the queue exists once the other commits, so asking again is enough.
 */
async function createQueueOnce(create: () => Promise<void>, attempts = 5): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await create();
    } catch (error) {
      if ((error as { code?: string }).code !== "40P01" || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/** pg-boss's statement that sends one job. */
function sendsJob(text: string): boolean {
  return /^\s*INSERT INTO \S+\.job \(/.test(text) && text.includes("$19::bool as retry_backoff_default");
}

/** pg-boss's statement by which a worker takes its next jobs. */
function fetchesJobs(text: string): boolean {
  return text.includes("FOR UPDATE SKIP LOCKED");
}

/** pg-boss's statements that record jobs as completed or failed all end by counting what they changed. */
function marksJobsDone(text: string): boolean {
  return /SELECT COUNT\(\*\) FROM results\s*$/.test(text);
}
