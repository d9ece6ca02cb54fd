import { and, eq } from "drizzle-orm";
import type { DirectorId } from "../../shared/directors";
import type { TrainingAnswers } from "../../shared/training";
import type { Database } from "../db/client";
import { directorTrainings } from "../db/schema";

/** The owner's stored training of one director (to pre-fill training again), if any. */
export async function readTraining(
  db: Database,
  userId: string,
  directorId: DirectorId,
): Promise<{ answers: TrainingAnswers; trainedAt: Date; indexedAt: Date | null } | undefined> {
  const [row] = await db
    .select({
      answers: directorTrainings.answers,
      trainedAt: directorTrainings.trainedAt,
      indexedAt: directorTrainings.indexedAt,
    })
    .from(directorTrainings)
    .where(and(eq(directorTrainings.userId, userId), eq(directorTrainings.directorId, directorId)));
  return row;
}
