import { type ReactNode, useState } from "react";
import type { CurrentPlan } from "#shared/plan-selection";
import type { Plan } from "#shared/plans";
import { PaidPlanDialog } from "./paid-plan-dialog";
import { type PlanHighlight, PlanPicker } from "./plan-picker";
import { useChoosePlan } from "./use-choose-plan";

/** The plan picker for a signed-in owner: the trial is started at once, a paid plan after its confirmation. */
export function PlanChoice(props: { current: CurrentPlan | null; banner?: ReactNode; highlight?: PlanHighlight }) {
  const choose = useChoosePlan();
  const [confirming, setConfirming] = useState<Plan | null>(null);
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
        plan={confirming}
        current={props.current}
        onCancel={() => setConfirming(null)}
        onConfirm={(plan) => {
          setConfirming(null);
          choose.mutate(plan);
        }}
      />
    </>
  );
}
