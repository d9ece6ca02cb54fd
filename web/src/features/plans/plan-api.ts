import { useQuery } from "@tanstack/react-query";
import type { CurrentPlanResponse, SelectPlanResponse } from "#shared/plan-selection";
import type { PlanId } from "#shared/plans";
import { api } from "../../lib/api";

export const CURRENT_PLAN_QUERY_KEY = ["plan", "current"] as const;

/** The signed-in user's plan and trial state (GET /api/plans/current). */
export function useCurrentPlan(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: CURRENT_PLAN_QUERY_KEY,
    queryFn: () => api<CurrentPlanResponse>("/api/plans/current"),
    enabled: options.enabled ?? true,
  });
}

export function selectPlan(planId: PlanId) {
  return api<SelectPlanResponse>("/api/plans/select", { body: { planId } });
}
