import { sql } from "drizzle-orm";
import { executePrepared } from "../db/execute-prepared";
import type { AppDeps } from "../deps";
import { defineJob } from "../jobs/define-job";
import type { Logger } from "../logger";
import { learnFromConversation, settleQuietTurn } from "./learn-from-conversation";
import { statesFacts } from "./states-facts";

/**
 * Learning from a conversation, as a durable job: one waits per conversation (its key), to run once the conversation
 * has been quiet for LEARNING_PAUSE_SECONDS, and each turn that may state a fact pushes it back. It survives a
 * restart, and while the AI service fails it is tried again a couple of times, soon; after the last attempt the
 * turns are marked as looked at without facts, and the ask for a missing key fact still works.
 */
export const learnFromConversationJob = defineJob<{ conversationId: string; userId: string; left?: boolean }, AppDeps>({
  name: "learn-from-conversation",
  policy: { retryLimit: 2, retryDelaySeconds: 10, expireInSeconds: 5 * 60, concurrency: 2, policy: "short" },
  async run(deps, data, { log, lastAttempt }) {
    // Pushed back by a turn on another process, or by one still being answered: the pause starts again from there.
    // A conversation the owner has left is learned from at once.
    const waitSeconds = data.left ? 0 : await pauseLeft(deps, data.conversationId);
    if (waitSeconds > 0) {
      await deps.jobs.sendAfterQuiet(learnFromConversationJob, data, {
        key: data.conversationId,
        quietSeconds: waitSeconds,
      });
      return;
    }
    await learnFromConversation(deps, data.conversationId, log, { retryLater: !lastAttempt });
  },
});

/** While an answer is written the pause has not begun; a second is enough to look again. */
const ANSWERING_RECHECK_SECONDS = 1;

/** How much of the pause is left since the conversation's last answer ended (0 once it has passed). */
async function pauseLeft(deps: AppDeps, conversationId: string): Promise<number> {
  const [row] = await executePrepared<{ lastAt: Date | string | null; answering: boolean | null }>(
    deps.database,
    sql`select max(updated_at) as "lastAt", bool_or(status = 'streaming') as answering
        from messages where conversation_id = ${conversationId} and sender = 'ai'`,
  );
  if (row?.answering) return Math.max(ANSWERING_RECHECK_SECONDS, deps.env.LEARNING_PAUSE_SECONDS);
  const quietMs = deps.now().getTime() - (row?.lastAt ? new Date(row.lastAt).getTime() : 0);
  return Math.max(0, deps.env.LEARNING_PAUSE_SECONDS - quietMs / 1000);
}

export type LearnedTurn = {
  answerId: string;
  conversationId: string;
  userId: string;
  directorId: string;
  question: string;
  /** The turn opened a new conversation: the owner has left the one they were in. */
  opensConversation: boolean;
};

/**
 * Once an answer is complete: a question that may state a fact (statesFacts) puts off the conversation's learning until
 * a pause; one that states nothing is settled at once, without the model. A new conversation brings the owner's other
 * conversations' learning forward: they have been left. A failure here costs only the facts of that turn.
 */
export async function learnLater(deps: AppDeps, turn: LearnedTurn, log: Logger): Promise<void> {
  try {
    if (statesFacts(turn.question)) {
      await deps.jobs.sendAfterQuiet(
        learnFromConversationJob,
        { conversationId: turn.conversationId, userId: turn.userId },
        { key: turn.conversationId, quietSeconds: deps.env.LEARNING_PAUSE_SECONDS },
      );
    } else {
      await settleQuietTurn(deps, turn);
    }
    if (turn.opensConversation) {
      await deps.jobs.runWaitingNow(
        learnFromConversationJob,
        { userId: turn.userId },
        { exceptKey: turn.conversationId, mark: { left: true } },
      );
    }
  } catch (error) {
    log.warn({ err: error }, "learning from an answer could not be queued");
  }
}
