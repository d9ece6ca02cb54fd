import type { PlanBilling } from "../../shared/billing";
import type { CurrentPlan } from "../../shared/plan-selection";
import type { BillingState, PlanStatus } from "./plan-status";

/** A plan status as the API reports it (GET /api/plans/current and the plan changes). */
export function toCurrentPlan(status: PlanStatus): CurrentPlan {
  return {
    planId: status.plan.id,
    chosenAt: status.chosenAt.toISOString(),
    trialEndsAt: status.trialEndsAt?.toISOString() ?? null,
    trialEnded: status.trialEnded,
    trialDaysLeft: status.trialDaysLeft,
    trialUsed: status.trialUsed,
    ...(status.billing ? { billing: toPlanBilling(status.billing) } : {}),
    ...(status.lapsed ? { lapsed: true as const } : {}),
  };
}

function toPlanBilling(billing: BillingState): PlanBilling {
  return {
    status: billing.status,
    paymentFailed: billing.paymentFailed,
    currentPeriodEnd: billing.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: billing.cancelAtPeriodEnd,
    scheduledPlanId: billing.scheduledPlanId,
    keptDirectorId: billing.keptDirectorId,
  };
}
