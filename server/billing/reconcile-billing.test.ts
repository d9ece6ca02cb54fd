import { describe, expect, it } from "vitest";
import { billingEvents } from "../db/schema";
import { createBillingTestApp, DAY_MS } from "../test/billing-test-app";
import { reconcileBilling } from "./reconcile-billing";
import { reconcileBillingJob } from "./reconcile-billing-job";

describe("the daily reconciliation with Stripe", () => {
  it("repairs what lost webhooks left behind, once a day", async () => {
    const app = await createBillingTestApp();
    const lost = await app.signUp();
    const cancelled = await app.signUp();
    await app.buy(cancelled.cookie, "standard");

    // Stripe's events for these changes never arrive.
    app.stripe.holdDeliveries();
    const checkout = await app.request("/api/billing/checkout", { cookie: lost.cookie, body: { planId: "premium" } });
    const { url } = (await checkout.json()) as { url: string };
    app.stripe.completeCheckout(url.split("/").at(-1) ?? "");
    const customer = [...app.stripe.customers.values()].find((entry) => entry.metadata.user_id === cancelled.user.id);
    app.stripe.lapse(app.stripe.subscriptionOf(customer?.id ?? "")?.id ?? "");
    expect(await app.currentPlan(lost.cookie)).toBeNull();
    expect(await app.currentPlan(cancelled.cookie)).toMatchObject({
      planId: "standard",
      billing: { status: "active" },
    });

    await app.deps.jobs.send(reconcileBillingJob, {});
    await app.jobsIdle();
    expect(await app.currentPlan(lost.cookie)).toMatchObject({ planId: "premium", billing: { status: "active" } });
    expect(await app.currentPlan(cancelled.cookie)).toMatchObject({ planId: "standard", lapsed: true });

    // Sent again the same day (every process sends it every few minutes): Stripe is not read again.
    const reads = app.stripe.requests.length;
    await app.deps.jobs.send(reconcileBillingJob, {});
    await app.jobsIdle();
    expect(app.stripe.requests.length).toBe(reads);

    // The next day it reads the one subscription still running, and not the one that ended.
    app.clock.advance(DAY_MS);
    await app.deps.jobs.send(reconcileBillingJob, {});
    await app.jobsIdle();
    expect(app.stripe.requests.slice(reads).map((request) => request.path)).toEqual(["/v1/subscriptions"]);
  });

  it("forgets event ids once Stripe can no longer send them again", async () => {
    const app = await createBillingTestApp();
    const { cookie } = await app.signUp();
    await app.buy(cookie, "premium");
    const count = async () => (await app.db.select().from(billingEvents)).length;
    expect(await count()).toBe(3);
    app.clock.advance(29 * DAY_MS);
    await reconcileBilling(app.deps, app.deps.log);
    expect(await count()).toBe(4);
    app.clock.advance(2 * DAY_MS);
    await reconcileBilling(app.deps, app.deps.log);
    // The purchase's three events are gone; the two days' runs are kept.
    expect((await app.db.select().from(billingEvents)).map((row) => row.type)).toEqual([
      "reconciliation",
      "reconciliation",
    ]);
  });
});
