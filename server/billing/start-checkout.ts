import { eq } from "drizzle-orm";
import { subscriptions } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError } from "../http/app-error";
import type { Logger } from "../logger";
import { ENDED_STATUSES } from "../plans/plan-status";
import type { BillingConfig, PaidPlanId } from "./billing-config";
import { customerIdFor } from "./billing-customer";
import { stripeFailure } from "./stripe-failure";
import { priceIdFor } from "./stripe-prices";

/** Where Checkout sends the owner back: the plan page, which confirms the payment or shows nothing changed. */
export const CHECKOUT_RETURN_PATH = "/subscription";

/**
 * A Stripe Checkout Session for a first paid plan (or a new one after the last lapsed): the owner pays on Stripe's
 * hosted page and no card data reaches this server. The plan is stored when the webhook says it is paid.
 */
export async function startCheckout(
  deps: Pick<AppDeps, "db" | "env">,
  billing: BillingConfig,
  log: Logger,
  user: { id: string; email: string; name: string },
  planId: PaidPlanId,
): Promise<string> {
  const [current] = await deps.db
    .select({ subscriptionId: subscriptions.stripeSubscriptionId, status: subscriptions.paymentStatus })
    .from(subscriptions)
    .where(eq(subscriptions.userId, user.id));
  // One subscription per owner: a plan already paid for is changed, not bought twice.
  if (current?.subscriptionId && current.status && !ENDED_STATUSES.has(current.status)) {
    throw new AppError("billing:already_subscribed");
  }
  const back = `${deps.env.APP_URL}${CHECKOUT_RETURN_PATH}`;
  try {
    const session = await billing.stripe.checkout.sessions.create({
      mode: "subscription",
      customer: await customerIdFor(deps, billing, user),
      client_reference_id: user.id,
      line_items: [{ price: await priceIdFor(billing, planId), quantity: 1 }],
      subscription_data: { metadata: { user_id: user.id } },
      success_url: `${back}?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${back}?checkout=cancelled`,
    });
    if (!session.url) throw new Error("Stripe returned a checkout session without a URL");
    return session.url;
  } catch (error) {
    log.error(stripeFailure(error), "billing: checkout could not start");
    throw new AppError("billing:unavailable");
  }
}
