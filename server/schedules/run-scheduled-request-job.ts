import { randomUUID } from "node:crypto";
import { and, eq, isNull, TransactionRollbackError } from "drizzle-orm";
import { findDirector } from "../../shared/directors";
import { answerOnce } from "../ai/answer-once";
import { gatherDirectorContext } from "../ai/director-context";
import {
  businessProfiles,
  conversations,
  directorTrainings,
  messages,
  scheduledRequests,
  scheduledRuns,
} from "../db/schema";
import type { AppDeps } from "../deps";
import { defineJob } from "../jobs/define-job";

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
      deps.db
        .select({ answers: businessProfiles.answers })
        .from(businessProfiles)
        .where(eq(businessProfiles.userId, userId)),
      deps.db
        .select({ answers: directorTrainings.answers })
        .from(directorTrainings)
        .where(and(eq(directorTrainings.userId, userId), eq(directorTrainings.directorId, director.id))),
    ]);
    const context = deps.env.CONTEXT_ENABLED
      ? await gatherDirectorContext(
          deps,
          { userId, director, profile: profile[0]?.answers, trainingAnswers: training[0]?.answers, search: undefined },
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
  const start = deps.now().getTime();
  const conversationId = randomUUID();
  const questionId = randomUUID();
  const store = deps.db.transaction(async (tx) => {
    await tx.insert(conversations).values({
      id: conversationId,
      userId: input.userId,
      directorId: input.directorId,
      kind: "chat",
      title: input.question.slice(0, TITLE_CHARS),
      titleSource: "question",
      createdAt: new Date(start),
      updatedAt: new Date(start + 1),
    });
    await tx.insert(messages).values([
      {
        id: questionId,
        conversationId,
        userId: input.userId,
        sender: "user",
        content: input.question,
        status: "complete",
        createdAt: new Date(start),
        updatedAt: new Date(start),
      },
      {
        conversationId,
        userId: input.userId,
        sender: "ai",
        content: input.answer.text,
        status: "complete",
        replyTo: questionId,
        metadata: { sources: input.answer.sources },
        createdAt: new Date(start + 1),
        updatedAt: new Date(start + 1),
      },
    ]);
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
