import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createAiProvider } from "./ai/provider";
import type { RetryOptions } from "./ai/retry";
import { createApp } from "./app";
import { createAuth, resolveAuthSecret } from "./auth/auth";
import { createSessions, SESSION_CHECK_TTL_MS } from "./auth/sessions";
import { billingConfig } from "./billing/billing-config";
import { createAnswerHub } from "./chat/answer-hub";
import type { DatabaseHandle } from "./db/client";
import { openDatabase, prepareDataDir } from "./db/open-database";
import { postgresSettings } from "./db/postgres";
import type { AppDeps } from "./deps";
import type { Env } from "./env";
import { createJobRunner, type JobRunnerOptions } from "./jobs/job-runner";
import { JOB_TYPES } from "./jobs/job-types";
import { scheduleUpkeep } from "./jobs/upkeep";
import type { Logger } from "./logger";
import { createMailer } from "./mail/mailer";

export type StartOptions = {
  env: Env;
  log: Logger;
  /** The built browser app; omitted, only the API is served. */
  staticDir?: string;
  /** An already open database (tests pass a fresh in-memory one). */
  database?: DatabaseHandle;
  now?: () => Date;
  aiRetry?: RetryOptions;
  jobs?: JobRunnerOptions;
};

/** How long in-flight requests (a streaming answer, say) may run on after a shutdown starts. */
const SHUTDOWN_GRACE_MS = 5000;

export type RunningServer = { url: string; port: number; deps: AppDeps; close(): Promise<void> };

/**
 * Opens the database, builds the app, listens and starts the job runner; close() drains requests and closes the
 * database. On the embedded database the server answers as soon as it listens, while the job runner starts (a few
 * queries on a database already open in this process): requests need only the database and the auth set-up, and one
 * that queues a job waits for the runner (docs/decisions/0020). On a PostgreSQL server the runner starts
 * first, as before: that database can go away during the start, and a server that answers must not then exit because
 * its runner could not start. A runner that cannot start fails the start.
 */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  // Until the server listens, nothing else holds the event loop open while it waits for PGlite (its WebAssembly is
  // compiled and instantiated by V8's own threads). Node then treats the loop as finished and blocks until all of V8's
  // background tasks are done, including the optimizing compiles of PGlite's code, and meanwhile neither the start
  // nor the first request could go on (docs/decisions/0020). A timer keeps the loop alive instead.
  const keepLoopAlive = setInterval(() => {}, 60_000);
  try {
    return await listen(options);
  } finally {
    clearInterval(keepLoopAlive);
  }
}

async function listen(options: StartOptions): Promise<RunningServer> {
  const deps = await buildDeps(options, { startJobs: false });
  const listenFirst = deps.database.driver === "pglite";
  if (!listenFirst) await startJobsOrClose(deps);
  const app = createApp(deps, { staticDir: options.staticDir });
  const server = serve({ fetch: app.fetch, port: options.env.PORT, hostname: options.env.HOST });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("listening", resolve);
      server.once("error", reject);
    });
    if (listenFirst) await deps.jobs.start(deps, JOB_TYPES);
  } catch (error) {
    server.close();
    await deps.database.close().catch(() => {});
    throw error;
  }
  const upkeep = scheduleUpkeep(deps);
  const { port } = server.address() as AddressInfo;
  const host = options.env.HOST === "0.0.0.0" || options.env.HOST === "::" ? "localhost" : options.env.HOST;
  return {
    url: `http://${host}:${port}`,
    port,
    deps,
    async close() {
      const closed = new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Idle keep-alive connections would hold close() open; in-flight requests get a grace period to finish.
        if ("closeIdleConnections" in server) {
          server.closeIdleConnections();
          setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
        }
      });
      // Answers being written get the same grace; those still running then are stored as interrupted.
      await deps.answers.close(SHUTDOWN_GRACE_MS);
      upkeep.stop();
      await closed;
      await deps.database.close();
    },
  };
}

async function startJobsOrClose(deps: AppDeps): Promise<void> {
  try {
    await deps.jobs.start(deps, JOB_TYPES);
  } catch (error) {
    await deps.database.close().catch(() => {});
    throw error;
  }
}

/** The app's dependencies, with the job runner started unless the caller starts it (startServer, once listening). */
export async function buildDeps(
  options: Omit<StartOptions, "staticDir">,
  { startJobs = true }: { startJobs?: boolean } = {},
): Promise<AppDeps> {
  const { env, log } = options;
  let database = options.database;
  if (!database) {
    if (env.DATABASE_URL) {
      database = await openDatabase(
        { kind: "postgres", ...postgresSettings({ ...env, DATABASE_URL: env.DATABASE_URL }) },
        log,
      );
    } else {
      prepareDataDir(env.DATA_DIR);
      database = await openDatabase(
        { kind: "pglite", dataDir: env.DATA_DIR, thread: env.EMBEDDED_DATABASE_THREAD },
        log,
      );
    }
  }
  const secret = await resolveAuthSecret(database.db, env);
  const mail = createMailer(env, log);
  const auth = createAuth(database.db, env, secret, log, mail);
  const now = options.now ?? (() => new Date());
  const jobs = createJobRunner<AppDeps>(database, log, options.jobs);
  const opened = database;
  const deps: AppDeps = {
    env,
    db: database.db,
    // Closing the database first stops the job workers, and running jobs go back to the queue.
    database: {
      ...opened,
      async close() {
        await jobs.stop();
        await opened.close();
      },
    },
    log,
    auth,
    // Several processes may share a server database; only the embedded one, a single process's, keeps checks.
    sessions: createSessions(auth, { ttlMs: database.driver === "pglite" ? SESSION_CHECK_TTL_MS : 0 }),
    ai: createAiProvider(env, options.aiRetry),
    mail,
    answers: await createAnswerHub({ database, log, now }),
    jobs,
    now,
    billing: await billingConfig(env),
  };
  if (startJobs) await jobs.start(deps, JOB_TYPES);
  return deps;
}
