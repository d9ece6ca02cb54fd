import { eq } from "drizzle-orm";
import { billingCustomers } from "../db/schema";
import type { AppDeps } from "../deps";
import type { BillingConfig } from "./billing-config";

/** The owner's Stripe customer id, if they ever went to checkout. */
export async function findCustomerId(deps: Pick<AppDeps, "db">, userId: string): Promise<string | undefined> {
  const [row] = await deps.db
    .select({ id: billingCustomers.stripeCustomerId })
    .from(billingCustomers)
    .where(eq(billingCustomers.userId, userId));
  return row?.id;
}

/** The owner whose Stripe customer this is; undefined for a customer this app did not make. */
export async function ownerOfCustomer(deps: Pick<AppDeps, "db">, customerId: string): Promise<string | undefined> {
  const [row] = await deps.db
    .select({ userId: billingCustomers.userId })
    .from(billingCustomers)
    .where(eq(billingCustomers.stripeCustomerId, customerId));
  return row?.userId;
}

/** One Stripe customer per owner: the stored one, or a new one (two racing requests keep the first stored). */
export async function customerIdFor(
  deps: Pick<AppDeps, "db">,
  billing: BillingConfig,
  user: { id: string; email: string; name: string },
): Promise<string> {
  const existing = await findCustomerId(deps, user.id);
  if (existing) return existing;
  const customer = await billing.stripe.customers.create({
    email: user.email,
    name: user.name,
    metadata: { user_id: user.id },
  });
  await deps.db
    .insert(billingCustomers)
    .values({ userId: user.id, stripeCustomerId: customer.id })
    .onConflictDoNothing({ target: billingCustomers.userId });
  const stored = await findCustomerId(deps, user.id);
  if (!stored) throw new Error(`the Stripe customer of user ${user.id} was not stored`);
  return stored;
}
