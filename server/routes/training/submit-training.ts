import { and, eq, sql } from "drizzle-orm";
import type { DirectorId } from "../../../shared/directors";
import { TRAINING_QUESTIONS, type TrainingAnswers } from "../../../shared/training";
import { IndexingError, indexDirectorContext } from "../../ai/context-index";
import { AiError } from "../../ai/retry";
import type { Database } from "../../db/client";
import { directorTrainings } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { AppError } from "../../http/app-error";
import type { Logger } from "../../logger";
import { requireDirectorAccess } from "../directors/director-access";

type StoredTraining = { trainedAt: Date; indexedAt: Date | null };

/**
 * Completing training: store the answers first, so nothing the owner wrote is
 * lost, then build and index the context. A repeated submit with the same
 * answers does only what is still owed (usually the indexing that failed).
 * Each failure leaves with the error code the browser turns into the spec's toast.
 */
export async function submitTraining(
  deps: AppDeps,
  input: { userId: string; directorId: DirectorId; answers: TrainingAnswers; log: Logger },
): Promise<{ trainedAt: Date; indexed: boolean }> {
  const stored = await storeAnswers(deps, input);
  if (!deps.env.CONTEXT_ENABLED) return { trainedAt: stored.trainedAt, indexed: false };
  if (stored.indexedAt) return { trainedAt: stored.trainedAt, indexed: true };

  let indexed: boolean;
  try {
    indexed = await indexDirectorContext(deps, input.userId, input.directorId);
  } catch (error) {
    throw indexingFailure(error, input.log);
  }
  // Answers are never blank, so a refused (blank) context means something is wrong.
  if (!indexed) throw new AppError("training:process_failed");
  return { trainedAt: stored.trainedAt, indexed: true };
}

async function storeAnswers(
  deps: AppDeps,
  input: { userId: string; directorId: DirectorId; answers: TrainingAnswers },
): Promise<StoredTraining> {
  const { userId, directorId, answers } = input;
  try {
    return await deps.db.transaction(async (tx) => {
      // One submit per user at a time, so two new directors cannot both slip under the plan's limit.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`training:${userId}`}))`);
      await requireDirectorAccess({ ...deps, db: tx as unknown as Database }, userId, directorId);
      const [existing] = await tx
        .select({
          answers: directorTrainings.answers,
          trainedAt: directorTrainings.trainedAt,
          indexedAt: directorTrainings.indexedAt,
        })
        .from(directorTrainings)
        .where(and(eq(directorTrainings.userId, userId), eq(directorTrainings.directorId, directorId)));
      if (existing && sameAnswers(directorId, existing.answers, answers)) return existing;
      const trainedAt = deps.now();
      await tx
        .insert(directorTrainings)
        .values({ userId, directorId, answers, trainedAt, indexedAt: null })
        .onConflictDoUpdate({
          target: [directorTrainings.userId, directorTrainings.directorId],
          set: { answers, trainedAt, indexedAt: null },
        });
      return { trainedAt, indexedAt: null };
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("training:store_failed", { cause: error });
  }
}

function sameAnswers(directorId: DirectorId, stored: TrainingAnswers, submitted: TrainingAnswers): boolean {
  return TRAINING_QUESTIONS[directorId].every((question) => stored[question.name] === submitted[question.name]);
}

function indexingFailure(error: unknown, log: Logger): AppError {
  if (!(error instanceof IndexingError)) return new AppError("training:process_failed", { cause: error });
  if (error.stage === "embed") {
    const cause = error.cause;
    log.warn(
      {
        tag: cause instanceof AiError ? cause.tag : "provider",
        status: cause instanceof AiError ? cause.status : null,
      },
      "embedding the training context failed",
    );
    return new AppError("training:embedding_failed", { cause: error });
  }
  if (error.stage === "store") return new AppError("training:context_store_failed", { cause: error });
  return new AppError("training:process_failed", { cause: error });
}
