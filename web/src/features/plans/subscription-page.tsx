import { useSearchParams } from "react-router";
import { PageLoading } from "../../components/page-loading";
import { usePageTitle } from "../../lib/use-page-title";
import { useCurrentPlan } from "./plan-api";
import { PlanBanner } from "./plan-banner";
import { PlanPicker } from "./plan-picker";
import { useChoosePlan } from "./use-choose-plan";

/** /subscription: the signed-in user picks or changes their plan; their current plan is marked. */
export function SubscriptionPage() {
  usePageTitle("Choose your plan");
  const [params] = useSearchParams();
  const current = useCurrentPlan();
  const choose = useChoosePlan();
  if (current.isPending) return <PageLoading />;
  const plan = current.data?.plan ?? null;
  return (
    <PlanPicker
      current={plan}
      banner={<PlanBanner current={plan} reason={params.get("reason")} />}
      pendingPlanId={choose.isPending ? choose.variables?.id : undefined}
      onChoose={(chosen) => choose.mutate(chosen)}
    />
  );
}
