import { and, eq, sql } from "drizzle-orm";
import type { DirectorId } from "../../shared/directors";
import { TRAINING_QUESTIONS, type TrainingAnswers } from "../../shared/training";
import { queueContextIndex } from "../ai/index-context-job";
import type { Database } from "../db/client";
import { isDatabaseUnavailable } from "../db/database-error";
import { directorTrainings } from "../db/schema";
import type { AppDeps } from "../deps";
import { requireDirectorAccess } from "../directors/director-access";
import { AppError } from "../http/app-error";
import { readTraining } from "./stored-training";

type StoredTraining = { trainedAt: Date; indexedAt: Date | null };

/**
 * Completing training: store the answers, so nothing the owner wrote is lost,
 * then ask for the context index to be built by a background job (the
 * director reads "still learning" until it is ready; chat works meanwhile).
 * A repeated submit with the same answers only asks again for what is owed.
 * Each failure leaves with the error code the browser turns into the spec's toast.
 */
export async function submitTraining(
  deps: AppDeps,
  input: { userId: string; directorId: DirectorId; answers: TrainingAnswers },
): Promise<{ trainedAt: Date; indexed: boolean }> {
  const stored = await storeAnswers(deps, input);
  if (!deps.env.CONTEXT_ENABLED) return { trainedAt: stored.trainedAt, indexed: false };
  if (stored.indexedAt) return { trainedAt: stored.trainedAt, indexed: true };
  try {
    await queueContextIndex(deps, input.userId);
  } catch (error) {
    throw new AppError("training:process_failed", { cause: error });
  }
  return { trainedAt: stored.trainedAt, indexed: false };
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
      const db = tx as unknown as Database;
      await requireDirectorAccess({ ...deps, db }, userId, directorId);
      const existing = await readTraining(db, userId, directorId);
      if (existing && sameAnswers(directorId, existing.answers, answers)) {
        // Pressing again after indexing gave up asks for it once more.
        if (!existing.indexedAt) {
          await tx
            .update(directorTrainings)
            .set({ indexFailure: null })
            .where(and(eq(directorTrainings.userId, userId), eq(directorTrainings.directorId, directorId)));
        }
        return existing;
      }
      const trainedAt = deps.now();
      await tx
        .insert(directorTrainings)
        .values({ userId, directorId, answers, trainedAt, indexedAt: null })
        .onConflictDoUpdate({
          target: [directorTrainings.userId, directorTrainings.directorId],
          set: { answers, trainedAt, indexedAt: null, indexFailure: null },
        });
      return { trainedAt, indexedAt: null };
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isDatabaseUnavailable(error)) throw new AppError("server:database", { cause: error });
    throw new AppError("training:store_failed", { cause: error });
  }
}

function sameAnswers(directorId: DirectorId, stored: TrainingAnswers, submitted: TrainingAnswers): boolean {
  return TRAINING_QUESTIONS[directorId].every((question) => stored[question.name] === submitted[question.name]);
}
