import type { DirectorId } from "../../../../shared/directors";
import { TRAINING_QUESTIONS, TRAINING_STEPS, type TrainingAnswers } from "../../../../shared/training";

/**
 * The unsaved training answers, kept in this browser as the owner types, the
 * same way onboarding keeps its draft: one per user and director, so a reload
 * or a closed tab resumes at the same question with the same text. Cleared
 * once training has completed.
 */
export type TrainingDraft = { step: number; values: TrainingAnswers };

const draftKey = (userId: string, directorId: DirectorId) => `trainingData:${userId}:${directorId}`;

export function emptyTrainingAnswers(directorId: DirectorId): TrainingAnswers {
  return Object.fromEntries(TRAINING_QUESTIONS[directorId].map((question) => [question.name, ""]));
}

export function loadTrainingDraft(userId: string, directorId: DirectorId): TrainingDraft | undefined {
  try {
    const raw = localStorage.getItem(draftKey(userId, directorId));
    if (!raw) return undefined;
    const parsed = JSON.parse(raw) as { step?: unknown; values?: Record<string, unknown> };
    const values = emptyTrainingAnswers(directorId);
    for (const question of TRAINING_QUESTIONS[directorId]) {
      const value = parsed.values?.[question.name];
      if (typeof value === "string") values[question.name] = value;
    }
    const step = typeof parsed.step === "number" && Number.isInteger(parsed.step) ? parsed.step : 1;
    return { step: Math.min(Math.max(step, 1), TRAINING_STEPS), values };
  } catch {
    // Storage blocked or a damaged draft: start from the stored answers instead.
    return undefined;
  }
}

export function saveTrainingDraft(userId: string, directorId: DirectorId, draft: TrainingDraft) {
  try {
    localStorage.setItem(draftKey(userId, directorId), JSON.stringify(draft));
  } catch {
    // Storage full or blocked: the form still works, only the reload safety net is missing.
  }
}

export function clearTrainingDraft(userId: string, directorId: DirectorId) {
  try {
    localStorage.removeItem(draftKey(userId, directorId));
  } catch {
    // Nothing to clear when storage is blocked.
  }
}
