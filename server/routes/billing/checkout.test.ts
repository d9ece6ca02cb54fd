import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { billingCustomers } from "../../db/schema";
import { createBillingTestApp, DAY_MS } from "../../test/billing-test-app";
import { FAKE_PRICES } from "../../test/fake-stripe-server";
import { createTestApp } from "../../test/test-app";

describe("paid plans with billing on", () => {
  it("cannot be granted by choosing them: the plan stays as it was", async () => {
    const app = await createBillingTestApp();
    const { cookie } = await app.signUp();
    expect((await app.request("/api/plans/select", { cookie, body: { planId: "free-trial" } })).status).toBe(200);

    const response = await app.request("/api/plans/select", { cookie, body: { planId: "premium" } });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: {
        code: "billing:checkout_required",
        message: "Paid plans are paid for on the secure checkout page. Please choose the plan again.",
      },
    });
    expect(await app.currentPlan(cookie)).toMatchObject({ planId: "free-trial", trialEnded: false });
  });

  it("are bought on Stripe's checkout page, for one customer per owner, and stored when the webhook says so", async () => {
    const app = await createBillingTestApp();
    const { cookie, user } = await app.signUp({ email: "roaster@example.com" });
    await app.request("/api/plans/select", { cookie, body: { planId: "free-trial" } });

    const response = await app.request("/api/billing/checkout", { cookie, body: { planId: "premium" } });
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    expect(url.startsWith(`${app.stripe.url}/pay/`)).toBe(true);
    const session = [...app.stripe.sessions.values()][0];
    expect(session).toMatchObject({
      mode: "subscription",
      client_reference_id: user.id,
      success_url: "http://localhost:3000/subscription?checkout=success&session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost:3000/subscription?checkout=cancelled",
    });
    expect(app.stripe.prices.get(session?.priceId ?? "")?.lookup_key).toBe(FAKE_PRICES.premium.lookup_key);
    const customer = app.stripe.customers.get(session?.customer ?? "");
    expect(customer).toMatchObject({ email: "roaster@example.com", metadata: { user_id: user.id } });

    // Until Stripe says the payment went through, nothing changes.
    expect(await app.currentPlan(cookie)).toMatchObject({ planId: "free-trial" });
    app.stripe.completeCheckout(session?.id ?? "");
    await app.stripe.delivered();
    expect(app.stripe.deliveries.map((delivery) => delivery.status)).toEqual([200, 200, 200]);
    expect(await app.currentPlan(cookie)).toMatchObject({
      planId: "premium",
      trialEnded: false,
      trialUsed: true,
      billing: {
        status: "active",
        paymentFailed: false,
        cancelAtPeriodEnd: false,
        currentPeriodEnd: new Date(app.clock.now().getTime() + 30 * DAY_MS).toISOString(),
      },
    });

    // One subscription per owner: a second checkout is refused; the customer was made once.
    const again = await app.request("/api/billing/checkout", { cookie, body: { planId: "standard" } });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe("billing:already_subscribed");
    expect(app.stripe.customers.size).toBe(1);
    const stored = await app.db.select().from(billingCustomers).where(eq(billingCustomers.userId, user.id));
    expect(stored.map((row) => row.stripeCustomerId)).toEqual([customer?.id]);
  });

  it("leaves the plan unchanged when checkout is left without paying", async () => {
    const app = await createBillingTestApp();
    const { cookie } = await app.signUp();
    await app.request("/api/plans/select", { cookie, body: { planId: "free-trial" } });
    const { url } = (await (
      await app.request("/api/billing/checkout", { cookie, body: { planId: "standard" } })
    ).json()) as { url: string };
    const page = await (await fetch(url)).text();
    expect(page).toContain('href="http://localhost:3000/subscription?checkout=cancelled"');
    expect(await app.currentPlan(cookie)).toMatchObject({ planId: "free-trial" });
    expect(app.stripe.deliveries).toEqual([]);
  });

  it("lets an owner whose trial ended pay and work again", async () => {
    const app = await createBillingTestApp();
    const { cookie } = await app.signUp();
    await app.request("/api/plans/select", { cookie, body: { planId: "free-trial" } });
    app.clock.advance(8 * DAY_MS);
    expect((await app.request("/api/training/martha", { cookie })).status).toBe(402);
    await app.buy(cookie, "standard");
    expect(await app.currentPlan(cookie)).toMatchObject({ planId: "standard", trialEnded: false });
    expect((await app.request("/api/training/martha", { cookie })).status).toBe(200);
  });

  it("refuses a free trial or an unknown plan at checkout, and every billing route without a session", async () => {
    const app = await createBillingTestApp();
    const { cookie } = await app.signUp();
    const trial = await app.request("/api/billing/checkout", { cookie, body: { planId: "free-trial" } });
    expect(trial.status).toBe(400);
    expect(await trial.json()).toMatchObject({ error: { fields: { planId: "Please choose Standard or Premium." } } });
    for (const [path, body] of [
      ["/api/billing/checkout", { planId: "standard" }],
      ["/api/billing/portal", {}],
      ["/api/billing/invoices", undefined],
    ] as const) {
      const response = await app.request(path, { body });
      expect(response.status, path).toBe(401);
    }
  });

  it("refuses checkout from another site", async () => {
    const app = await createBillingTestApp();
    const { cookie } = await app.signUp();
    const forged = await app.request("/api/billing/checkout", {
      cookie,
      body: { planId: "premium" },
      origin: "https://evil.example",
    });
    expect(forged.status).toBe(403);
    expect(app.stripe.sessions.size).toBe(0);
  });
});

describe("each owner's billing is their own", () => {
  it("never shows, opens or changes another owner's customer, subscription or invoices", async () => {
    const app = await createBillingTestApp();
    const first = await app.signUp();
    const second = await app.signUp();
    await app.buy(first.cookie, "premium");

    expect(await (await app.request("/api/billing/invoices", { cookie: second.cookie })).json()).toEqual({
      invoices: [],
    });
    expect((await app.request("/api/billing/portal", { cookie: second.cookie, body: {} })).status).toBe(409);
    const change = await app.request("/api/billing/change", {
      cookie: second.cookie,
      body: { planId: "standard", keptDirectorId: "martha" },
    });
    expect(change.status).toBe(409);
    expect(await app.currentPlan(second.cookie)).toBeNull();

    // The second owner's own purchase is theirs: a customer of their own, and the first owner's plan untouched.
    await app.buy(second.cookie, "standard");
    expect(app.stripe.customers.size).toBe(2);
    expect(await app.currentPlan(first.cookie)).toMatchObject({ planId: "premium", billing: { status: "active" } });
    expect(await app.currentPlan(second.cookie)).toMatchObject({ planId: "standard", billing: { status: "active" } });
    const invoices = (await (await app.request("/api/billing/invoices", { cookie: second.cookie })).json()) as {
      invoices: Array<{ amountPaid: number }>;
    };
    expect(invoices.invoices.map((invoice) => invoice.amountPaid)).toEqual([2999]);
  });
});

describe("without Stripe configured", () => {
  it("chooses paid plans as before, says billing is off, and has no checkout", async () => {
    const app = await createTestApp();
    const { cookie } = await app.signUp();
    expect(((await (await app.request("/api/config")).json()) as { billing: boolean }).billing).toBe(false);
    const chosen = await app.request("/api/plans/select", { cookie, body: { planId: "premium" } });
    expect(chosen.status).toBe(200);
    const checkout = await app.request("/api/billing/checkout", { cookie, body: { planId: "premium" } });
    expect(checkout.status).toBe(409);
    expect(await checkout.json()).toEqual({
      error: { code: "billing:not_configured", message: "Payments are not set up on this server." },
    });
    const webhook = await app.request("/api/billing/webhook", { body: {}, origin: null });
    expect(webhook.status).toBe(409);
  });
});
