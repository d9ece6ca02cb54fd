import type { DirectorId } from "#shared/directors";
import { TRAINING_QUESTIONS, TRAINING_STEPS, type TrainingAnswers } from "#shared/training";
import { stepDraftStore } from "../../lib/step-draft";

export function emptyTrainingAnswers(directorId: DirectorId): TrainingAnswers {
  return Object.fromEntries(TRAINING_QUESTIONS[directorId].map((question) => [question.name, ""]));
}

/** The training draft: one per user and director; cleared once training has completed. */
export function trainingDraft(userId: string, directorId: DirectorId) {
  return stepDraftStore<TrainingAnswers>({
    key: `trainingData:${userId}:${directorId}`,
    steps: TRAINING_STEPS,
    empty: () => emptyTrainingAnswers(directorId),
  });
}
