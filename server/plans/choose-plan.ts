import { eq, isNull, ne, sql } from "drizzle-orm";
import { TRIAL_DAYS } from "../../shared/constants";
import type { PlanId } from "../../shared/plans";
import type { Database } from "../db/client";
import { subscriptions } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError } from "../http/app-error";
import { DAY_MS, getPlanStatus, type PlanStatus } from "./plan-status";

/** A paid plan's Stripe subscription as last read from Stripe (server/billing/apply-subscription.ts). */
export type Payment = {
  stripeSubscriptionId: string;
  paymentStatus: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  scheduledPlanId: string | null;
  keptDirectorId: string | null;
};

/**
 * The one place a user's plan changes. Without billing (docs/decisions/0003) a paid plan is stored when chosen; with
 * billing on (docs/decisions/0026) only with the Stripe subscription that pays for it, which the webhook and the
 * reconciliation read from Stripe.
 */
export async function choosePlan(
  deps: Pick<AppDeps, "db" | "now" | "billing">,
  userId: string,
  planId: PlanId,
  payment?: Payment,
): Promise<PlanStatus> {
  const now = deps.now();
  if (planId === "free-trial") await startTrial(deps.db, userId, now);
  else if (payment) await storePaidPlan(deps.db, userId, planId, now, payment);
  else if (deps.billing) throw new AppError("billing:checkout_required");
  else await storePaidPlan(deps.db, userId, planId, now);
  const status = await getPlanStatus(deps, userId);
  if (!status) throw new Error(`plan ${planId} was not stored for user ${userId}`);
  return status;
}

/** Starts the trial unless this account ever started one; the insert decides, so two clicks cannot start two. */
async function startTrial(db: Database, userId: string, now: Date) {
  const trialEndsAt = new Date(now.getTime() + TRIAL_DAYS * DAY_MS);
  const trial = { planId: "free-trial", chosenAt: now, trialStartedAt: now, trialEndsAt };
  const started = await db
    .insert(subscriptions)
    .values({ userId, ...trial })
    .onConflictDoUpdate({ target: subscriptions.userId, set: trial, setWhere: isNull(subscriptions.trialStartedAt) })
    .returning({ userId: subscriptions.userId });
  if (started.length > 0) return;

  // Choosing the running trial again changes nothing; coming back to it later is refused.
  const [current] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const stillOnTrial = current?.planId === "free-trial" && current.trialEndsAt !== null && current.trialEndsAt > now;
  if (!stillOnTrial) throw new AppError("plan:trial_used");
}

/** Stores a paid plan; choosing the plan the user is already on keeps its original date. */
async function storePaidPlan(db: Database, userId: string, planId: PlanId, now: Date, payment?: Payment) {
  if (!payment) {
    await db
      .insert(subscriptions)
      .values({ userId, planId, chosenAt: now })
      .onConflictDoUpdate({
        target: subscriptions.userId,
        set: { planId, chosenAt: now },
        setWhere: ne(subscriptions.planId, planId),
      });
    return;
  }
  await db
    .insert(subscriptions)
    .values({ userId, planId, chosenAt: now, ...payment })
    .onConflictDoUpdate({
      target: subscriptions.userId,
      set: {
        planId,
        chosenAt: sql`case when ${subscriptions.planId} = ${planId} then ${subscriptions.chosenAt} else ${now.toISOString()}::timestamptz end`,
        ...payment,
      },
    });
}
