import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { subscriptions } from "../db/schema";
import type { AppDeps } from "../deps";
import { trainedDirectors } from "../directors/director-access";
import { AppError } from "../http/app-error";
import type { Logger } from "../logger";
import { ENDED_STATUSES } from "../plans/plan-status";
import { applySubscription, KEPT_DIRECTOR, PREMIUM_UNTIL } from "./apply-subscription";
import type { BillingConfig, PaidPlanId } from "./billing-config";
import { stripeFailure } from "./stripe-failure";
import { priceIdFor } from "./stripe-prices";

/**
 * Moves a paid subscription to the other plan. Standard → Premium takes effect at once, the rest of the period
 * prorated and charged now. Premium → Standard waits for the end of the period already paid: Stripe bills the next
 * period at Standard, and the owner has chosen which trained director stays active then. Choosing Premium again
 * before that simply keeps Premium.
 */
export async function changePaidPlan(
  deps: Pick<AppDeps, "db" | "now" | "billing" | "log">,
  billing: BillingConfig,
  log: Logger,
  userId: string,
  change: { planId: PaidPlanId; keptDirectorId?: string },
): Promise<void> {
  const subscription = await currentSubscription(deps, billing, log, userId);
  const item = subscription.items.data[0];
  if (!item) throw new Error(`subscription ${subscription.id} has no item`);
  const price = await stripeCall(log, "the price could not be read", () => priceIdFor(billing, change.planId));
  const params = await updateFor(change.planId, item, subscription, price, () =>
    keptDirector(deps, userId, change.keptDirectorId),
  );
  const updated = await stripeCall(log, "the plan could not change", () =>
    billing.stripe.subscriptions.update(subscription.id, params),
  );
  // The webhook applies it too; applying it now lets the page show the change at once.
  await applySubscription({ ...deps, log }, billing, userId, updated);
  // An upgrade whose payment was declined waits in Stripe as a pending update, and the plan has not changed.
  if (updated.pending_update) throw new AppError("billing:payment_declined");
}

/** What to ask Stripe for: an upgrade charged now, a move back to Premium, or a move to Standard later. */
async function updateFor(
  planId: PaidPlanId,
  item: Stripe.SubscriptionItem,
  subscription: Stripe.Subscription,
  price: string,
  kept: () => Promise<string>,
): Promise<Stripe.SubscriptionUpdateParams> {
  const items = [{ id: item.id, price }];
  if (planId === "standard") {
    return {
      items,
      proration_behavior: "none",
      metadata: { [PREMIUM_UNTIL]: String(item.current_period_end), [KEPT_DIRECTOR]: await kept() },
    };
  }
  // Choosing Premium while a move to Standard waits only takes the move back: this period is paid at Premium already.
  if (subscription.metadata?.[PREMIUM_UNTIL]) {
    return { items, proration_behavior: "none", metadata: { [PREMIUM_UNTIL]: "", [KEPT_DIRECTOR]: "" } };
  }
  // An upgrade is charged at once, prorated, and applies only once that payment has gone through.
  return { items, proration_behavior: "always_invoice", payment_behavior: "pending_if_incomplete" };
}

/** The owner's subscription as Stripe has it now, if one still runs. */
async function currentSubscription(
  deps: Pick<AppDeps, "db">,
  billing: BillingConfig,
  log: Logger,
  userId: string,
): Promise<Stripe.Subscription> {
  const [row] = await deps.db
    .select({ id: subscriptions.stripeSubscriptionId, status: subscriptions.paymentStatus })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  if (!row?.id || !row.status || ENDED_STATUSES.has(row.status)) throw new AppError("billing:no_subscription");
  const id = row.id;
  const subscription = await stripeCall(log, "the subscription could not be read", () =>
    billing.stripe.subscriptions.retrieve(id),
  );
  if (ENDED_STATUSES.has(subscription.status)) throw new AppError("billing:no_subscription");
  return subscription;
}

/** Standard keeps one trained director: the owner's choice when they trained more, else the one they trained. */
async function keptDirector(deps: Pick<AppDeps, "db">, userId: string, chosen: string | undefined): Promise<string> {
  const trained = (await trainedDirectors(deps, userId)).map((row) => row.directorId);
  if (trained.length <= 1) return trained[0] ?? "";
  if (!chosen || !trained.includes(chosen)) {
    throw new AppError("billing:kept_director_required", {
      fields: { keptDirectorId: "Choose one of your trained directors." },
    });
  }
  return chosen;
}

async function stripeCall<T>(log: Logger, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    log.error(stripeFailure(error), `billing: ${what}`);
    throw new AppError("billing:unavailable");
  }
}
