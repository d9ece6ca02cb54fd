import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import type { CurrentPlan, CurrentPlanResponse } from "#shared/plan-selection";
import type { Plan } from "#shared/plans";
import { errorToast, toast } from "../../components/ui/use-toast";
import { usePublicConfig } from "../../lib/use-public-config";
import { refreshSession } from "../../lib/use-session";
import { useDirectors } from "../directors/directors-api";
import { PaidPlanDialog, type PaidPlanMode } from "./paid-plan-dialog";
import { CURRENT_PLAN_QUERY_KEY, changePaidPlan, startCheckout } from "./plan-api";
import { type PlanHighlight, PlanPicker } from "./plan-picker";
import { useChoosePlan } from "./use-choose-plan";

/**
 * The plan picker for a signed-in owner: the trial is started at once, a paid plan after its confirmation. With
 * billing on, a first paid plan is paid on Stripe's checkout page and a running one is changed in place.
 */
export function PlanChoice(props: { current: CurrentPlan | null; banner?: ReactNode; highlight?: PlanHighlight }) {
  const choose = useChoosePlan();
  const config = usePublicConfig();
  const [confirming, setConfirming] = useState<Plan | null>(null);
  const mode = paidPlanMode(config.data?.billing ?? false, props.current);
  const directors = useDirectors({ enabled: mode === "change" });
  const pay = usePaidPlan(mode, () => setConfirming(null));
  return (
    <>
      <PlanPicker
        current={props.current}
        banner={props.banner}
        highlight={props.highlight}
        pendingPlanId={choose.isPending ? choose.variables?.id : undefined}
        onChoose={(plan) => (plan.id === "free-trial" ? choose.mutate(plan) : setConfirming(plan))}
      />
      <PaidPlanDialog
        // A fresh dialog for each plan, so a director picked for one choice is not carried to the next.
        key={confirming?.id ?? "none"}
        plan={confirming}
        current={props.current}
        mode={mode}
        trained={directors.data?.directors.filter((director) => director.trainedAt !== null) ?? []}
        pending={pay.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={(plan, keptDirectorId) => {
          if (mode === "no_payment") {
            setConfirming(null);
            choose.mutate(plan);
          } else pay.mutate({ plan, keptDirectorId });
        }}
      />
    </>
  );
}

/** Without billing, plans are chosen; with it, an owner already paying changes plan, anyone else goes to checkout. */
function paidPlanMode(billing: boolean, current: CurrentPlan | null): PaidPlanMode {
  if (!billing) return "no_payment";
  return current?.billing && !current.lapsed ? "change" : "checkout";
}

/** Checkout (the browser leaves for Stripe's page) or a change of the running subscription (stored at once). */
function usePaidPlan(mode: PaidPlanMode, done: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ plan, keptDirectorId }: { plan: Plan; keptDirectorId?: string }) => {
      if (plan.id === "free-trial") throw new Error("The free trial is not paid for.");
      if (mode === "checkout") {
        const { url } = await startCheckout(plan.id);
        window.location.assign(url);
        return null;
      }
      return changePaidPlan(plan.id, keptDirectorId);
    },
    onSuccess: (response, { plan }) => {
      if (!response) return;
      done();
      queryClient.setQueryData<CurrentPlanResponse>(CURRENT_PLAN_QUERY_KEY, response);
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_PLAN_QUERY_KEY[0] });
      void refreshSession();
      const later = response.plan?.billing?.scheduledPlanId === plan.id;
      toast({
        title: later ? `${plan.name} starts at the end of this period` : `${plan.name} is now your plan`,
        description: later ? "Until then your current plan stays." : "Your plan has been updated.",
      });
    },
    onError: (error) => {
      errorToast(error instanceof Error ? error.message : "Something went wrong. Please try again.");
    },
  });
}
