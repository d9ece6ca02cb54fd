import { Hono } from "hono";
import type { PlanBilling } from "../../../shared/billing";
import {
  type CurrentPlan,
  type CurrentPlanResponse,
  type SelectPlanResponse,
  selectPlanSchema,
} from "../../../shared/plan-selection";
import type { AppEnv } from "../../app-env";
import { requireUser } from "../../auth/require-user";
import type { AppDeps } from "../../deps";
import { readJson } from "../../http/read-json";
import { choosePlan } from "../../plans/choose-plan";
import { type BillingState, getPlanStatus, type PlanStatus } from "../../plans/plan-status";
import { getBusinessProfile } from "../../profile/business-profile";

/** The signed-in user's plan: read it, or choose one. */
export function planRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireUser(deps.sessions))
    .get("/current", async (c) => {
      const status = await getPlanStatus(deps, c.get("user").id);
      return c.json<CurrentPlanResponse>({ plan: status ? toCurrentPlan(status) : null });
    })
    .post("/select", async (c) => {
      const { planId } = await readJson(c, selectPlanSchema, "validation:request");
      const userId = c.get("user").id;
      const status = await choosePlan(deps, userId, planId);
      const profile = await getBusinessProfile(deps.db, userId);
      return c.json<SelectPlanResponse>({
        plan: toCurrentPlan(status),
        next: profile ? "/select-department" : "/onboarding",
      });
    });
}

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
