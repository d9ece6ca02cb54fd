import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DirectorId } from "#shared/directors";
import type { Cadence } from "#shared/periods";
import type { ScheduleChange, ScheduledRequest, ScheduleInput, SchedulesOverview } from "#shared/schedules";
import { errorToast, toast } from "../../components/ui/use-toast";
import { api } from "../../lib/api";

export const SCHEDULES_QUERY_KEY = ["schedules"] as const;

/** "Repeat weekly" on an answer or in the composer: the question, asked of that director again every period. */
export function createSchedule(input: ScheduleInput) {
  return api<Omit<ScheduledRequest, "runs">>("/api/schedules", { body: input });
}

/** Schedules the question and says so in a toast (or why not); true once it is scheduled. */
export async function repeatQuestion(input: {
  directorId: DirectorId;
  directorName: string;
  question: string;
  cadence: Cadence;
}): Promise<boolean> {
  try {
    await createSchedule({ directorId: input.directorId, question: input.question, cadence: input.cadence });
  } catch (error) {
    errorToast((error as Error).message);
    return false;
  }
  const every = input.cadence === "weekly" ? "week" : "month";
  toast({
    title: input.cadence === "weekly" ? "Repeats weekly" : "Repeats monthly",
    description: `${input.directorName} answers this every ${every}, each time as a new conversation. Change or pause it in Settings.`,
  });
  return true;
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
