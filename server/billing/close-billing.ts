import type { AppDeps } from "../deps";
import { AppError } from "../http/app-error";
import type { Logger } from "../logger";
import { findCustomerId } from "./billing-customer";
import { stripeFailure } from "./stripe-failure";

/**
 * Before an account is deleted: its Stripe customer is deleted too, which ends any subscription at once, so nothing is
 * charged for an account that no longer exists and Stripe keeps no profile of the owner. When Stripe cannot be
 * reached the deletion is refused, to be tried again, rather than leave a subscription charging.
 */
export async function closeBilling(deps: Pick<AppDeps, "db" | "billing">, log: Logger, userId: string): Promise<void> {
  if (!deps.billing) return;
  const customer = await findCustomerId(deps, userId);
  if (!customer) return;
  try {
    await deps.billing.stripe.customers.del(customer);
  } catch (error) {
    if ((error as { code?: string }).code === "resource_missing") return;
    log.error(stripeFailure(error), "billing: the customer of a deleted account could not be removed");
    throw new AppError("billing:unavailable");
  }
}
