import { eq } from "drizzle-orm";
import { findPlan, type Plan } from "../../shared/plans";
import { subscriptions } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError } from "../http/app-error";

const DAY_MS = 24 * 60 * 60 * 1000;

export type PlanStatus = {
  plan: Plan;
  chosenAt: Date;
  trialEndsAt: Date | null;
  trialEnded: boolean;
  /** Whole days left in the trial, rounded up; null when not on the trial. */
  trialDaysLeft: number | null;
  /** Whether the free trial was ever started on this account (it can be started once). */
  trialUsed: boolean;
};

/** The user's current plan and trial state, or undefined before a plan is chosen. */
export async function getPlanStatus(
  deps: Pick<AppDeps, "db" | "now">,
  userId: string,
): Promise<PlanStatus | undefined> {
  const [row] = await deps.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row ? planStatusOf(row, deps.now()) : undefined;
}

export type SubscriptionRow = Pick<
  typeof subscriptions.$inferSelect,
  "planId" | "chosenAt" | "trialStartedAt" | "trialEndsAt"
>;

/** The plan and trial state a stored subscription means at this moment. */
export function planStatusOf(row: SubscriptionRow, now: Date): PlanStatus | undefined {
  const plan = findPlan(row.planId);
  if (!plan) return undefined;
  const onTrial = plan.id === "free-trial";
  const trialEndsAt = onTrial ? row.trialEndsAt : null;
  const msLeft = trialEndsAt ? trialEndsAt.getTime() - now.getTime() : null;
  return {
    plan,
    chosenAt: row.chosenAt,
    trialEndsAt,
    trialEnded: msLeft !== null && msLeft <= 0,
    trialDaysLeft: msLeft === null ? null : Math.max(0, Math.ceil(msLeft / DAY_MS)),
    trialUsed: row.trialStartedAt !== null,
  };
}

/** For the training and chat APIs: a chosen plan whose trial, if any, has not ended. */
export async function requireActivePlan(deps: Pick<AppDeps, "db" | "now">, userId: string): Promise<PlanStatus> {
  return activePlan(await getPlanStatus(deps, userId));
}

/** The rule of requireActivePlan on a status already read. */
export function activePlan(status: PlanStatus | undefined): PlanStatus {
  if (!status) throw new AppError("plan:required");
  if (status.trialEnded) throw new AppError("plan:trial_ended");
  return status;
}
