import type Stripe from "stripe";
import type { BillingConfig, PaidPlanId } from "./billing-config";

const resolved = new WeakMap<BillingConfig, Partial<Record<PaidPlanId, string>>>();

/** The price id to sell a plan at: STRIPE_PRICE_* itself when it is an id, else the price with that lookup key. */
export async function priceIdFor(billing: BillingConfig, planId: PaidPlanId): Promise<string> {
  const configured = billing.prices[planId];
  if (configured.startsWith("price_")) return configured;
  const cache = resolved.get(billing) ?? {};
  resolved.set(billing, cache);
  const known = cache[planId];
  if (known) return known;
  const { data } = await billing.stripe.prices.list({ lookup_keys: [configured], active: true, limit: 1 });
  const price = data[0];
  if (!price) throw new Error(`Stripe has no active price with the lookup key ${configured} (STRIPE_PRICE_*)`);
  cache[planId] = price.id;
  return price.id;
}

/** Which paid plan a Stripe price is, by its id or lookup key; undefined for a price that is neither. */
export function planOfPrice(billing: BillingConfig, price: Stripe.Price | undefined): PaidPlanId | undefined {
  if (!price) return undefined;
  const plans: PaidPlanId[] = ["standard", "premium"];
  return plans.find((plan) => billing.prices[plan] === price.id || billing.prices[plan] === price.lookup_key);
}
