import { createStripeClient } from "../billing/billing-config";
import { setUpBilling } from "../billing/billing-setup";
import { EnvError, loadStripeSetupEnv } from "../env";

/**
 * npm run billing:setup
 *
 * With STRIPE_SECRET_KEY (and STRIPE_API_URL for another server) set, creates the Standard and Premium products and
 * monthly prices in the Stripe account unless their lookup keys exist already, and prints what to configure.
 */
async function main() {
  const { secretKey, apiUrl } = loadStripeSetupEnv();
  const prices = await setUpBilling(await createStripeClient(secretKey, apiUrl));
  const lines = prices.map(
    (price) =>
      `  ${price.planId === "standard" ? "Standard" : "Premium"}: ${price.priceId}, $${(price.amount / 100).toFixed(2)}/month (${price.created ? "created" : "already there"})`,
  );
  const value = (planId: string) => prices.find((price) => price.planId === planId)?.lookupKey ?? "";
  process.stdout.write(
    [
      "Prices in your Stripe account:",
      ...lines,
      "",
      "Configure these (a lookup key keeps working if you replace a price later):",
      `STRIPE_PRICE_STANDARD=${value("standard")}`,
      `STRIPE_PRICE_PREMIUM=${value("premium")}`,
      "",
      "Then add a webhook endpoint in Stripe (Developers → Webhooks) for https://<your app>/api/billing/webhook with",
      "the events checkout.session.completed, customer.subscription.created, customer.subscription.updated,",
      "customer.subscription.deleted, invoice.paid and invoice.payment_failed, and set STRIPE_WEBHOOK_SECRET to its",
      "signing secret (whsec_…). In the customer portal settings, allow cancelling at the end of the period and",
      "updating the payment method.",
      "",
    ].join("\n"),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : `Billing set-up failed: ${(error as Error).message}`);
  process.exitCode = 1;
});
