import { useQuery } from "@tanstack/react-query";
import type { TrainingResultResponse, TrainingStatusResponse } from "#shared/director-states";
import type { DirectorId } from "#shared/directors";
import type { TrainingAnswers } from "#shared/training";
import { api } from "../../lib/api";

export const trainingQueryKey = (directorId: DirectorId) => ["training", directorId] as const;

/** This user's stored answers for the director (null before the first training), or a refusal (402/403). */
export function useTrainingStatus(directorId: DirectorId) {
  return useQuery({
    queryKey: trainingQueryKey(directorId),
    queryFn: () => api<TrainingStatusResponse>(`/api/training/${directorId}`),
    // A stale copy would overwrite newer answers in the form.
    staleTime: 0,
  });
}

/** Stores the answers, then builds the director's context; the server says which step failed. */
export function submitTraining(directorId: DirectorId, answers: TrainingAnswers) {
  return api<TrainingResultResponse>(`/api/training/${directorId}`, { body: answers });
}
