import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { type FakeStripeServer, startFakeStripeServer } from "../test/fake-stripe-server";
import { centsOf } from "./billing-setup";

const run = promisify(execFile);
let stripe: FakeStripeServer;
afterEach(() => stripe?.close());

/** `npm run billing:setup` as an operator runs it, against the fake Stripe server. */
function billingSetup(env: Record<string, string>) {
  return run("node_modules/.bin/tsx", ["server/cli/billing-setup.ts"], {
    env: { PATH: process.env.PATH ?? "", ...env },
  });
}

describe("npm run billing:setup", () => {
  it("creates both monthly prices once, by lookup key, and prints the values to configure", async () => {
    stripe = await startFakeStripeServer({ webhookSecret: "whsec_unused", seedPrices: false });
    const env = { STRIPE_SECRET_KEY: stripe.env.STRIPE_SECRET_KEY, STRIPE_API_URL: stripe.url };

    const first = await billingSetup(env);
    expect(first.stdout).toContain("STRIPE_PRICE_STANDARD=directors_standard_monthly\n");
    expect(first.stdout).toContain("STRIPE_PRICE_PREMIUM=directors_premium_monthly\n");
    expect(first.stdout).toMatch(/Premium: price_\w+, \$79\.99\/month \(created\)/);
    const prices = [...stripe.prices.values()].map((price) => [price.lookup_key, price.unit_amount]);
    expect(prices).toEqual([
      ["directors_standard_monthly", 2999],
      ["directors_premium_monthly", 7999],
    ]);

    const again = await billingSetup(env);
    expect(again.stdout).toMatch(/Standard: price_\w+, \$29\.99\/month \(already there\)/);
    expect(stripe.prices.size).toBe(2);
    expect(stripe.requests.filter((request) => request.method === "POST")).toHaveLength(4);
  }, 60_000);

  it("asks for the secret key when it is not set", async () => {
    const attempt = billingSetup({});
    await expect(attempt).rejects.toMatchObject({ stderr: expect.stringContaining("STRIPE_SECRET_KEY: set it") });
  }, 60_000);

  it("reads the catalogue's prices in cents", () => {
    expect([centsOf("$29.99/month"), centsOf("$79.99/month")]).toEqual([2999, 7999]);
  });
});
