import type Stripe from "stripe";
import type { Env } from "../env";

/** The paid plans, each sold at one Stripe price. */
export type PaidPlanId = "standard" | "premium";

/**
 * Billing as configured: the Stripe client, the webhook signing secret, and each paid plan's price (a price id,
 * `price_…`, or a lookup key). Undefined when STRIPE_SECRET_KEY is unset: plans are then chosen, not paid for
 * (docs/decisions/0003).
 */
export type BillingConfig = {
  stripe: Stripe;
  webhookSecret: string;
  prices: Record<PaidPlanId, string>;
};

type StripeEnv = Pick<
  Env,
  "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET" | "STRIPE_PRICE_STANDARD" | "STRIPE_PRICE_PREMIUM" | "STRIPE_API_URL"
>;

export async function billingConfig(env: StripeEnv): Promise<BillingConfig | undefined> {
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_STANDARD, STRIPE_PRICE_PREMIUM } = env;
  // parseEnv has refused a secret key without the others.
  if (!STRIPE_SECRET_KEY || !STRIPE_WEBHOOK_SECRET || !STRIPE_PRICE_STANDARD || !STRIPE_PRICE_PREMIUM) return undefined;
  return {
    stripe: await createStripeClient(STRIPE_SECRET_KEY, env.STRIPE_API_URL),
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    prices: { standard: STRIPE_PRICE_STANDARD, premium: STRIPE_PRICE_PREMIUM },
  };
}

/**
 * The official client; STRIPE_API_URL points it at another Stripe-compatible server (the tests', stripe-mock). Loaded
 * only when billing is configured: a server that takes no payments never holds its code.
 */
export async function createStripeClient(secretKey: string, apiUrl?: string): Promise<Stripe> {
  const { default: Stripe } = await import("stripe");
  return new Stripe(secretKey, { ...serverOptions(apiUrl), maxNetworkRetries: 2, timeout: 20_000 });
}

/** "http://127.0.0.1:12111" → the client's host, port and protocol options; nothing for Stripe's own server. */
export function serverOptions(apiUrl?: string): { host?: string; port?: number; protocol?: "http" | "https" } {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: Number(url.port || (protocol === "http" ? 80 : 443)), protocol };
}
