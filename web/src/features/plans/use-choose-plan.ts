import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import type { CurrentPlanResponse } from "#shared/plan-selection";
import type { Plan } from "#shared/plans";
import { errorToast, toast } from "../../components/ui/use-toast";
import { refreshSession } from "../../lib/use-session";
import { CURRENT_PLAN_QUERY_KEY, selectPlan } from "./plan-api";

/** Stores the chosen plan, says so, and moves on to onboarding (or the directors when it is done). */
export function useChoosePlan() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (plan: Plan) => selectPlan(plan.id),
    onSuccess: (response, plan) => {
      queryClient.setQueryData<CurrentPlanResponse>(CURRENT_PLAN_QUERY_KEY, { plan: response.plan });
      // The session's next step, director limits and the like all follow the plan.
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_PLAN_QUERY_KEY[0] });
      void refreshSession();
      toast({
        title: `${plan.name} selected!`,
        description: response.next === "/onboarding" ? "Proceeding to onboarding." : "Your plan has been updated.",
      });
      navigate(response.next);
    },
    onError: (error) => {
      errorToast(error instanceof Error ? error.message : "Something went wrong. Please try again.");
    },
  });
}
