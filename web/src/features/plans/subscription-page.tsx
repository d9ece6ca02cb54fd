import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { findDirector } from "#shared/directors";
import type { CurrentPlan } from "#shared/plan-selection";
import { directorAllowance, findPlan, planThatUnlocks } from "#shared/plans";
import { PageLoading } from "../../components/page-loading";
import { usePageTitle } from "../../lib/use-page-title";
import { refreshSession } from "../../lib/use-session";
import { useDirectors } from "../directors/directors-api";
import { CheckoutReturn, isConfirming } from "./checkout-return";
import { CURRENT_PLAN_QUERY_KEY, useCurrentPlan } from "./plan-api";
import { PlanBanner } from "./plan-banner";
import { PlanChoice } from "./plan-choice";
import type { PlanHighlight } from "./plan-picker";

const CONFIRMING_POLL_MS = 1500;

/**
 * /subscription: the signed-in user picks or changes their plan; their current
 * plan is marked. ?unlock={director} (from "Upgrade to Access") points out the
 * plan that has room for that director.
 */
export function SubscriptionPage() {
  usePageTitle("Choose your plan");
  const [params] = useSearchParams();
  const checkout = params.get("checkout");
  const [confirming, setConfirming] = useState(checkout === "success");
  // Back from Checkout, the plan is asked for again every second or two until Stripe's webhook has stored it.
  const current = useCurrentPlan({ refetchInterval: confirming ? CONFIRMING_POLL_MS : false });
  const plan = current.data?.plan ?? null;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!current.data) return;
    const stillConfirming = isConfirming(checkout, current.data.plan);
    if (confirming && !stillConfirming) {
      // The plan is paid for: what depends on it (director limits, the session's next step) is read again.
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_PLAN_QUERY_KEY[0] });
      void refreshSession();
    }
    setConfirming(stillConfirming);
  }, [checkout, current.data, confirming, queryClient]);
  const unlockDirector = findDirector(params.get("unlock") ?? "");
  const directors = useDirectors({ enabled: unlockDirector !== undefined });
  if (current.isPending || (unlockDirector && directors.isPending)) return <PageLoading />;
  const unlock =
    unlockDirector && directors.data ? unlockFor(unlockDirector.name, directors.data.trainedCount, plan) : undefined;
  return (
    <PlanChoice
      current={plan}
      highlight={unlock?.highlight}
      banner={
        <div className="grid gap-4">
          <CheckoutReturn checkout={checkout} current={plan} />
          {/* While the payment is confirmed, the reason the owner came here no longer applies. */}
          {confirming ? null : <PlanBanner current={plan} reason={params.get("reason")} />}
          {unlock ? (
            <p className="rounded-xl border border-brand-200 bg-white px-4 py-3 text-center text-sm text-slate-700 sm:px-5">
              {unlock.message}
            </p>
          ) : null}
        </div>
      }
    />
  );
}

function unlockFor(
  name: string,
  trainedCount: number,
  current: CurrentPlan | null,
): { highlight: PlanHighlight; message: string } | undefined {
  const plan = planThatUnlocks(trainedCount);
  if (!plan || plan.id === current?.planId) return undefined;
  const currentPlan = current ? findPlan(current.planId) : undefined;
  const yours = currentPlan ? ` Your ${currentPlan.name} plan includes ${directorAllowance(currentPlan)}.` : "";
  return {
    highlight: { planId: plan.id, label: `Unlocks ${name}` },
    message: `To train ${name} as well, choose ${plan.name}: it includes ${directorAllowance(plan)}.${yours}`,
  };
}
