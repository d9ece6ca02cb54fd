import { eq } from "drizzle-orm";
import { findPlan, type Plan } from "../../shared/plans";
import { subscriptions } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError } from "../http/app-error";

export const DAY_MS = 24 * 60 * 60 * 1000;

export type PlanStatus = {
  plan: Plan;
  chosenAt: Date;
  trialEndsAt: Date | null;
  trialEnded: boolean;
  /** Whole days left in the trial, rounded up; null when not on the trial. */
  trialDaysLeft: number | null;
  /** Whether the free trial was ever started on this account (it can be started once). */
  trialUsed: boolean;
  /** With billing on, the Stripe subscription paying for a paid plan; null on the trial or without billing. */
  billing: BillingState | null;
  /** A paid plan whose subscription has ended (cancelled, or never paid): inactive, as an ended trial is. */
  lapsed: boolean;
  /**
   * After Premium → Standard: the one trained director that stays active; the others rest, their data kept, until
   * an upgrade. Null when no choice was made (or needed).
   */
  keptDirectorId: string | null;
};

export type BillingState = {
  subscriptionId: string;
  /** Stripe's status: active, past_due, canceled, unpaid… */
  status: string;
  /** A renewal payment failed and Stripe is retrying it: the plan still works, the owner is asked to update the card. */
  paymentFailed: boolean;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** Premium → Standard at the end of the period, keeping this director active. */
  scheduledPlanId: string | null;
  keptDirectorId: string | null;
};

/** Stripe statuses after which nothing more is charged: the plan is no longer paid for. */
export const ENDED_STATUSES: ReadonlySet<string> = new Set(["canceled", "unpaid", "incomplete_expired", "paused"]);

/** The user's current plan and trial state, or undefined before a plan is chosen. */
export async function getPlanStatus(
  deps: Pick<AppDeps, "db" | "now">,
  userId: string,
): Promise<PlanStatus | undefined> {
  const [row] = await deps.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row ? planStatusOf(row, deps.now()) : undefined;
}

type SubscriptionColumns = typeof subscriptions.$inferSelect;

export type SubscriptionRow = Pick<SubscriptionColumns, "planId" | "chosenAt" | "trialStartedAt" | "trialEndsAt"> &
  Partial<
    Pick<
      SubscriptionColumns,
      | "stripeSubscriptionId"
      | "paymentStatus"
      | "currentPeriodEnd"
      | "cancelAtPeriodEnd"
      | "scheduledPlanId"
      | "keptDirectorId"
    >
  >;

/** The plan and trial state a stored subscription means at this moment. */
export function planStatusOf(row: SubscriptionRow, now: Date): PlanStatus | undefined {
  const plan = findPlan(effectivePlanId(row, now));
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
    billing: onTrial ? null : billingStateOf(row, plan.id),
    lapsed: !onTrial && row.paymentStatus != null && ENDED_STATUSES.has(row.paymentStatus),
    keptDirectorId: plan.id === "standard" ? (row.keptDirectorId ?? null) : null,
  };
}

/** A move to a smaller plan takes effect at the end of the paid period, even before Stripe's event about it. */
function effectivePlanId(row: SubscriptionRow, now: Date): string {
  const due = row.scheduledPlanId && row.currentPeriodEnd && row.currentPeriodEnd <= now;
  return due && row.scheduledPlanId ? row.scheduledPlanId : row.planId;
}

function billingStateOf(row: SubscriptionRow, effective: string): BillingState | null {
  if (!row.stripeSubscriptionId || !row.paymentStatus) return null;
  return {
    subscriptionId: row.stripeSubscriptionId,
    status: row.paymentStatus,
    paymentFailed: row.paymentStatus === "past_due",
    currentPeriodEnd: row.currentPeriodEnd ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd ?? false,
    scheduledPlanId: row.scheduledPlanId === effective ? null : (row.scheduledPlanId ?? null),
    keptDirectorId: row.keptDirectorId ?? null,
  };
}

/** For the training and chat APIs: a chosen plan whose trial, if any, has not ended, and which is still paid for. */
export async function requireActivePlan(deps: Pick<AppDeps, "db" | "now">, userId: string): Promise<PlanStatus> {
  return activePlan(await getPlanStatus(deps, userId));
}

/** The rule of requireActivePlan on a status already read. */
export function activePlan(status: PlanStatus | undefined): PlanStatus {
  if (!status) throw new AppError("plan:required");
  if (status.trialEnded) throw new AppError("plan:trial_ended");
  if (status.lapsed) throw new AppError("plan:lapsed");
  return status;
}
