import { and, eq, isNull } from "drizzle-orm";
import type { ErrorCode } from "../../shared/errors";
import { directorTrainings } from "../db/schema";
import type { AppDeps } from "../deps";
import { defineJob } from "../jobs/define-job";
import { IndexingError, indexOwedContexts } from "./context-index";
import { AiError } from "./retry";

/**
 * Builds the context index of every director of one owner that owes one,
 * after training was stored or the business profile changed. Saving returns
 * at once; this job does the embedding. While the AI service is down it fails
 * and is retried with backoff (the director reads "still learning"); after
 * the last attempt the director shows the spec's error for the stage that failed.
 */
export const indexContextJob = defineJob<{ userId: string }, AppDeps>({
  name: "index-context",
  policy: {
    retryLimit: 12,
    retryDelaySeconds: 15,
    expireInSeconds: 10 * 60,
    // One waiting job per owner is enough: it indexes whatever is owed when it runs.
    policy: "stately",
    concurrency: 1,
  },
  async run(deps, { userId }, { log, lastAttempt }) {
    try {
      await indexOwedContexts({ ...deps, log }, userId);
    } catch (error) {
      if (error instanceof IndexingError && error.stage === "embed" && error.cause instanceof AiError) {
        log.warn({ tag: error.cause.tag, status: error.cause.status }, "embedding the training context failed");
      }
      if (lastAttempt) await recordFailure(deps.db, userId, failureCode(error));
      throw error;
    }
  },
});

/** The singleton key that keeps one waiting index job per owner. */
export function indexContextKey(userId: string): string {
  return `index-context:${userId}`;
}

function failureCode(error: unknown): ErrorCode {
  if (!(error instanceof IndexingError)) return "training:process_failed";
  if (error.stage === "embed") return "training:embedding_failed";
  if (error.stage === "store") return "training:context_store_failed";
  return "training:process_failed";
}

async function recordFailure(db: Parameters<typeof indexOwedContexts>[0]["db"], userId: string, code: ErrorCode) {
  await db
    .update(directorTrainings)
    .set({ indexFailure: code })
    .where(and(eq(directorTrainings.userId, userId), isNull(directorTrainings.indexedAt)));
}

/** Asks for the owner's owed indexes to be built in the background; a job already waiting covers it. */
export async function queueContextIndex(deps: Pick<AppDeps, "jobs">, userId: string): Promise<void> {
  await deps.jobs.send(indexContextJob, { userId }, { singletonKey: indexContextKey(userId) });
}
