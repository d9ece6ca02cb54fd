import type Stripe from "stripe";
import { findPlan } from "../../shared/plans";
import type { PaidPlanId } from "./billing-config";

/** The lookup keys `npm run billing:setup` gives the two monthly prices; STRIPE_PRICE_* may name them. */
export const LOOKUP_KEYS: Record<PaidPlanId, string> = {
  standard: "directors_standard_monthly",
  premium: "directors_premium_monthly",
};

export type SetUpPrice = { planId: PaidPlanId; lookupKey: string; priceId: string; amount: number; created: boolean };

/**
 * Makes sure the Stripe account sells both plans: for each, the monthly USD price with its lookup key, created with
 * its product only when no price has that key yet, so running it again changes nothing. The amounts are the
 * catalogue's (shared/plans.ts).
 */
export async function setUpBilling(stripe: Stripe): Promise<SetUpPrice[]> {
  const result: SetUpPrice[] = [];
  for (const planId of ["standard", "premium"] as const) {
    const plan = findPlan(planId);
    if (!plan) throw new Error(`the catalogue has no ${planId} plan`);
    const lookupKey = LOOKUP_KEYS[planId];
    const amount = centsOf(plan.price);
    const [existing] = (await stripe.prices.list({ lookup_keys: [lookupKey], limit: 1 })).data;
    if (existing) {
      result.push({ planId, lookupKey, priceId: existing.id, amount: existing.unit_amount ?? amount, created: false });
      continue;
    }
    const product = await stripe.products.create({ name: `Directors ${plan.name}`, description: plan.description });
    const price = await stripe.prices.create({
      product: product.id,
      currency: "usd",
      unit_amount: amount,
      recurring: { interval: "month" },
      lookup_key: lookupKey,
      nickname: `${plan.name} monthly`,
    });
    result.push({ planId, lookupKey, priceId: price.id, amount, created: true });
  }
  return result;
}

/** "$29.99/month" → 2999. */
export function centsOf(price: string): number {
  const match = /\$(\d+)\.(\d{2})/.exec(price);
  if (!match) throw new Error(`not a dollar price: ${price}`);
  return Number(match[1]) * 100 + Number(match[2]);
}
