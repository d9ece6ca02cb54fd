import { z } from "zod";
import type { PlanBilling } from "./billing";
import { PLAN_IDS, type PlanId } from "./plans";

/** The body of POST /api/plans/select, used by the plan picker and the server. */
export const selectPlanSchema = z.object({
  planId: z.enum(PLAN_IDS, { error: "Please choose one of the plans." }),
});
export type SelectPlanInput = z.infer<typeof selectPlanSchema>;

/** The signed-in user's plan as the API reports it; dates are ISO strings. */
export type CurrentPlan = {
  planId: PlanId;
  chosenAt: string;
  /** When the free trial ends; null on a paid plan. */
  trialEndsAt: string | null;
  trialEnded: boolean;
  trialDaysLeft: number | null;
  /** The free trial can be started once per account. */
  trialUsed: boolean;
  /** With billing on, the Stripe subscription paying for a paid plan; absent otherwise. */
  billing?: PlanBilling;
  /** Present when a paid plan has ended unpaid or cancelled: inactive, as an ended trial is. */
  lapsed?: true;
};

/** GET /api/plans/current; plan is null before one is chosen. */
export type CurrentPlanResponse = { plan: CurrentPlan | null };

/** POST /api/plans/select: the stored plan and where the flow goes next. */
export type SelectPlanResponse = { plan: CurrentPlan; next: string };
