import { and, eq, isNull, TransactionRollbackError } from "drizzle-orm";
import { findDirector } from "../../shared/directors";
import { answerOnce } from "../ai/answer-once";
import { gatherDirectorContext } from "../ai/director-context";
import { insertAnsweredConversation } from "../chat/answered-conversation";
import { scheduledRequests, scheduledRuns } from "../db/schema";
import type { AppDeps } from "../deps";
import { defineJob } from "../jobs/define-job";
import { getBusinessProfile } from "../profile/business-profile";
import { readTraining } from "../training/stored-training";

/** A conversation's title from the question: its first words. */
const TITLE_CHARS = 60;

/**
 * Asks one run of a scheduled request: the director answers the question with the owner's context as it is now, and
 * the answer lands as a new conversation. A run already answered is left alone; when the AI service is away the job
 * is retried with backoff and the run stays pending.
 */
export const runScheduledRequestJob = defineJob<{ runId: string }, AppDeps>({
  name: "run-scheduled-request",
  policy: { retryLimit: 6, retryDelaySeconds: 30, expireInSeconds: 5 * 60, policy: "stately", concurrency: 2 },
  async run(deps, { runId }, { log }) {
    const [run] = await deps.db
      .select({ run: scheduledRuns, request: scheduledRequests })
      .from(scheduledRuns)
      .innerJoin(scheduledRequests, eq(scheduledRequests.id, scheduledRuns.requestId))
      .where(eq(scheduledRuns.id, runId));
    if (!run || run.run.conversationId || run.run.status === "ready") return;
    const director = findDirector(run.request.directorId);
    if (!director || !deps.ai.chat) return;
    const { userId } = run.request;
    const [profile, training] = await Promise.all([
      getBusinessProfile(deps.db, userId),
      readTraining(deps.db, userId, director.id),
    ]);
    const context = deps.env.CONTEXT_ENABLED
      ? await gatherDirectorContext(
          deps,
          { userId, director, profile, trainingAnswers: training?.answers, search: undefined },
          log,
        )
      : undefined;
    const answer = await answerOnce(deps.ai.chat, { director, question: run.request.question, context });
    await storeRun(deps, { runId, userId, directorId: director.id, question: run.request.question, answer });
    log.info({ directorId: director.id }, "scheduled request answered");
  },
});

/** The run's conversation (the question, then the answer with its sources), stored once: a second writer finds it taken. */
async function storeRun(
  deps: Pick<AppDeps, "db" | "now">,
  input: {
    runId: string;
    userId: string;
    directorId: string;
    question: string;
    answer: Awaited<ReturnType<typeof answerOnce>>;
  },
) {
  const store = deps.db.transaction(async (tx) => {
    const conversationId = await insertAnsweredConversation(tx, {
      userId: input.userId,
      directorId: input.directorId,
      title: input.question.slice(0, TITLE_CHARS),
      titleSource: "question",
      question: input.question,
      answer: input.answer,
      at: deps.now().getTime(),
    });
    const taken = await tx
      .update(scheduledRuns)
      .set({ status: "ready", conversationId })
      .where(and(eq(scheduledRuns.id, input.runId), isNull(scheduledRuns.conversationId)))
      .returning({ id: scheduledRuns.id });
    // Another process answered it meanwhile: this conversation is not kept.
    if (taken.length === 0) tx.rollback();
  });
  await store.catch((error: unknown) => {
    if (!(error instanceof TransactionRollbackError)) throw error;
  });
}
