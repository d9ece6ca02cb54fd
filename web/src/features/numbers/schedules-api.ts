import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ScheduleChange, ScheduledRequest, ScheduleInput, SchedulesOverview } from "#shared/schedules";
import { api } from "../../lib/api";

export const SCHEDULES_QUERY_KEY = ["schedules"] as const;

/** "Repeat weekly" on an answer: the question, asked of that director again every period. */
export function createSchedule(input: ScheduleInput) {
  return api<Omit<ScheduledRequest, "runs">>("/api/schedules", { body: input });
}

/** The owner's scheduled requests with their latest runs (Settings). */
export function useSchedules() {
  return useQuery({ queryKey: SCHEDULES_QUERY_KEY, queryFn: () => api<SchedulesOverview>("/api/schedules") });
}

export function useChangeSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: ScheduleChange }) =>
      api(`/api/schedules/${id}`, { method: "PATCH", body: change }),
    onSuccess: () => client.invalidateQueries({ queryKey: SCHEDULES_QUERY_KEY }),
  });
}

export function useDeleteSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/schedules/${id}`, { method: "DELETE", body: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: SCHEDULES_QUERY_KEY }),
  });
}

/** A run's conversation was opened: it is no longer new. */
export function markRunSeen(id: string) {
  return api(`/api/schedules/runs/${id}/seen`, { body: {} });
}
