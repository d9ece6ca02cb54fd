import type { AppDeps } from "../deps";
import { defineJob } from "../jobs/define-job";
import type { Logger } from "../logger";
import { learnFromAnswer } from "./learn-from-answer";

/**
 * Learning from a complete answer, as a durable job: it survives a restart,
 * and while the AI service fails it is tried again a couple of times, soon
 * (the chat shows what was noted for a minute after the answer); after the
 * last attempt the turn is marked as looked at without facts, and the ask
 * for a missing key fact still works.
 */
export const learnFromAnswerJob = defineJob<{ answerId: string }, AppDeps>({
  name: "learn-from-answer",
  policy: { retryLimit: 2, retryDelaySeconds: 10, expireInSeconds: 5 * 60, concurrency: 2 },
  async run(deps, { answerId }, { log, lastAttempt }) {
    await learnFromAnswer(deps, answerId, log, { retryLater: !lastAttempt });
  },
});

/** Queues the job once an answer is complete; a failure to queue costs only the facts of that turn. */
export async function queueLearning(deps: Pick<AppDeps, "jobs">, answerId: string, log: Logger): Promise<void> {
  try {
    await deps.jobs.send(learnFromAnswerJob, { answerId });
  } catch (error) {
    log.warn({ err: error }, "learning from an answer could not be queued");
  }
}
