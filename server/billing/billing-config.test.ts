import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "../env";
import { startServerProcess } from "../test/server-process";
import { billingConfig } from "./billing-config";

const BILLING = {
  STRIPE_SECRET_KEY: "sk_test_123",
  STRIPE_WEBHOOK_SECRET: "whsec_123",
  STRIPE_PRICE_STANDARD: "directors_standard_monthly",
  STRIPE_PRICE_PREMIUM: "price_premium",
};

describe("billing configuration", () => {
  it("is off without a secret key: plans are chosen, not paid for", async () => {
    expect(await billingConfig(parseEnv({}))).toBeUndefined();
    // The other settings alone turn nothing on.
    expect(await billingConfig(parseEnv({ STRIPE_PRICE_STANDARD: "price_x" }))).toBeUndefined();
  });

  it("is on with the key and the three settings it needs, the prices as given", async () => {
    const billing = await billingConfig(parseEnv(BILLING));
    expect(billing?.prices).toEqual({ standard: "directors_standard_monthly", premium: "price_premium" });
    expect(billing?.webhookSecret).toBe("whsec_123");
  });

  it("refuses a secret key without the others, naming each one missing", () => {
    const attempt = () => parseEnv({ STRIPE_SECRET_KEY: "sk_test_123", STRIPE_PRICE_PREMIUM: "price_premium" });
    expect(attempt).toThrow(EnvError);
    expect(attempt).toThrow("STRIPE_SECRET_KEY: billing also needs STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_STANDARD");
  });

  it("keeps the server from starting, naming what is missing", async () => {
    const { exited, output } = startServerProcess({
      STRIPE_SECRET_KEY: "sk_test_123",
      STRIPE_PRICE_STANDARD: "price_s",
    });
    expect(await exited).toBe(1);
    expect(output()).toContain("STRIPE_SECRET_KEY: billing also needs STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_PREMIUM");
  });

  it("refuses an API address that is not http(s)", () => {
    expect(() => parseEnv({ ...BILLING, STRIPE_API_URL: "ftp://stripe.local" })).toThrow("STRIPE_API_URL");
  });
});
