import type { Logger } from "../logger";

/**
 * What a kind of background job is: its name, how it is retried, and what it does. A job is defined beside the
 * capability it serves and imports only this module; server/jobs/job-runner.ts runs the definitions. `Deps` is what
 * the handler is given (the server's AppDeps): a parameter, so that this module, the runner and server/deps.ts do
 * not import each other.
 */

export type JobPolicy = {
  /** Attempts after the first, when the handler throws (the AI service is down, the database hiccuped). */
  retryLimit: number;
  /** First wait before a retry; doubled each time, randomized. */
  retryDelaySeconds: number;
  /** A run still going after this long counts as lost (its process died) and the job is tried again. */
  expireInSeconds: number;
  /**
   * "stately": at most one waiting and one running job per singleton key (re-indexing one director); "short": at most
   * one waiting per key, however many run (learning from one conversation after a pause).
   */
  policy?: "standard" | "stately" | "short";
  /** How many of these jobs one process runs at once. */
  concurrency?: number;
};

export type JobContext = {
  log: Logger;
  jobId: string;
  /** How many runs of this job started before this one (0 on the first), also those cut off by a crash. */
  attempt: number;
  /** Whether a failure now is final: no retry follows. */
  lastAttempt: boolean;
};

export type JobType<Data, Deps> = {
  name: string;
  policy: JobPolicy;
  run(deps: Deps, data: Data, context: JobContext): Promise<void>;
};

export function defineJob<Data, Deps>(job: JobType<Data, Deps>): JobType<Data, Deps> {
  return job;
}
