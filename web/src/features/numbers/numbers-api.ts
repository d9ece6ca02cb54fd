import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  BriefsOverview,
  CheckIn,
  Metric,
  MetricChange,
  MetricInput,
  MetricValue,
  NumbersOverview,
  NumbersSettings,
  NumbersSettingsChange,
} from "#shared/numbers";
import { api } from "../../lib/api";
import { refreshDueCount } from "./numbers-due-badge";

export const NUMBERS_QUERY_KEY = ["numbers"] as const;

/** Everything /numbers shows. */
export function useNumbers() {
  return useQuery({ queryKey: NUMBERS_QUERY_KEY, queryFn: () => api<NumbersOverview>("/api/numbers") });
}

/** Reads the overview again after a change, and the nav's badge with it. */
function useRefresh() {
  const client = useQueryClient();
  return () => {
    refreshDueCount();
    return client.invalidateQueries({ queryKey: NUMBERS_QUERY_KEY });
  };
}

export function useAddMetric() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: MetricInput) => api<Metric>("/api/numbers/metrics", { body: input }),
    onSuccess: refresh,
  });
}

export function useChangeMetric() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: MetricChange }) =>
      api<Metric>(`/api/numbers/metrics/${id}`, { method: "PATCH", body: change }),
    onSuccess: refresh,
  });
}

export function useDeleteMetric() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api<{ ok: true }>(`/api/numbers/metrics/${id}`, { method: "DELETE", body: {} }),
    onSuccess: refresh,
  });
}

export function useCheckIn() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (checkIn: CheckIn) => api<{ saved: MetricValue[] }>("/api/numbers/check-ins", { body: checkIn }),
    onSuccess: refresh,
  });
}

const SETTINGS_QUERY_KEY = ["numbers", "settings"] as const;

/** The time zone, currency and reminder choice (Settings → Numbers); readable before a plan is chosen. */
export function useNumbersSettings() {
  return useQuery({ queryKey: SETTINGS_QUERY_KEY, queryFn: () => api<NumbersSettings>("/api/numbers/settings") });
}

export function useSaveNumbersSettings() {
  const client = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (change: NumbersSettingsChange) =>
      api<NumbersSettings>("/api/numbers/settings", { method: "PUT", body: change }),
    onSuccess: (saved) => {
      client.setQueryData(SETTINGS_QUERY_KEY, saved);
      return refresh();
    },
  });
}

/** "This week": the latest week's briefs, read again every few seconds while one is being written. */
export function useBriefs() {
  return useQuery({
    queryKey: [...NUMBERS_QUERY_KEY, "briefs"],
    queryFn: () => api<BriefsOverview>("/api/numbers/briefs"),
    refetchInterval: (query) => (query.state.data?.briefs.some((brief) => brief.status === "pending") ? 3000 : false),
  });
}

/** "Discuss": a new conversation with the brief's director, opening with the brief. */
export function discussBrief(id: string) {
  return api<{ conversationId: string; directorId: string }>(`/api/numbers/briefs/${id}/discuss`, { body: {} });
}
