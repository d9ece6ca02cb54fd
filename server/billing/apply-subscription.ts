import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { subscriptions } from "../db/schema";
import type { AppDeps } from "../deps";
import { choosePlan, type Payment } from "../plans/choose-plan";
import { ENDED_STATUSES } from "../plans/plan-status";
import type { BillingConfig, PaidPlanId } from "./billing-config";
import { planOfPrice } from "./stripe-prices";

/**
 * Metadata on a Stripe subscription moved from Premium to Standard at the end of its period: Stripe bills the next
 * period at Standard already, and Premium lasts until this time (Unix seconds); the director that then stays active.
 */
export const PREMIUM_UNTIL = "premium_until";
export const KEPT_DIRECTOR = "kept_director";

/** Before checkout has taken the first payment: nothing is paid for yet. */
const NOT_STARTED = new Set(["incomplete"]);

export type Applied = "applied" | "ignored";

/**
 * Stores what a Stripe subscription, as read from Stripe just now, means for its owner's plan, through choosePlan.
 * Reading the subscription's current state, rather than an event's copy of it, makes the order events arrive in
 * irrelevant. A subscription that ended while another one now pays for the plan is old news, and not applied.
 */
export async function applySubscription(
  deps: Pick<AppDeps, "db" | "now" | "billing" | "log">,
  billing: BillingConfig,
  userId: string,
  subscription: Stripe.Subscription,
): Promise<Applied> {
  const read = planAndPaymentOf(billing, subscription);
  if (!read) {
    deps.log.warn({ subscriptionId: subscription.id }, "billing: a subscription at a price that is no plan");
    return "ignored";
  }
  if (NOT_STARTED.has(subscription.status)) return "ignored";
  const [current] = await deps.db
    .select({ subscriptionId: subscriptions.stripeSubscriptionId, status: subscriptions.paymentStatus })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  const another = current?.subscriptionId && current.subscriptionId !== subscription.id;
  if (another && ENDED_STATUSES.has(subscription.status)) return "ignored";
  if (another && current.status && !ENDED_STATUSES.has(current.status)) {
    // Two checkouts completed side by side: the newer pays for the plan; the other needs cancelling in Stripe.
    deps.log.warn(
      { subscriptionId: subscription.id, replaced: current.subscriptionId },
      "billing: an owner has two running subscriptions",
    );
  }
  await choosePlan(deps, userId, read.planId, read.payment);
  return "applied";
}

/** The plan a subscription pays for now and its state; undefined when its price is neither plan's. */
export function planAndPaymentOf(
  billing: BillingConfig,
  subscription: Stripe.Subscription,
): { planId: PaidPlanId; payment: Payment } | undefined {
  const item = subscription.items.data[0];
  const billed = planOfPrice(billing, item?.price);
  if (!billed) return undefined;
  const periodEnd = item?.current_period_end ? new Date(item.current_period_end * 1000) : null;
  const premiumUntil = Number(subscription.metadata?.[PREMIUM_UNTIL] ?? 0);
  // Premium → Standard waits for the end of the period that was paid at Premium: until then the plan is Premium.
  const downgrading =
    billed === "standard" && premiumUntil > 0 && (!periodEnd || premiumUntil * 1000 >= periodEnd.getTime());
  return {
    planId: downgrading ? "premium" : billed,
    payment: {
      stripeSubscriptionId: subscription.id,
      paymentStatus: subscription.status,
      currentPeriodEnd: periodEnd,
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      scheduledPlanId: downgrading ? "standard" : null,
      keptDirectorId: subscription.metadata?.[KEPT_DIRECTOR] || null,
    },
  };
}
