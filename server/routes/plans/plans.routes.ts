import { Hono } from "hono";
import { type CurrentPlanResponse, type SelectPlanResponse, selectPlanSchema } from "../../../shared/plan-selection";
import type { AppEnv } from "../../app-env";
import { requireUser } from "../../auth/require-user";
import type { AppDeps } from "../../deps";
import { readJson } from "../../http/read-json";
import { choosePlan } from "../../plans/choose-plan";
import { toCurrentPlan } from "../../plans/current-plan";
import { getPlanStatus } from "../../plans/plan-status";
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
