import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { billingEvents, subscriptions } from "../../db/schema";
import { createBillingTestApp } from "../../test/billing-test-app";

/** An owner on the trial, with a Premium checkout waiting to be paid. */
async function ownerAtCheckout(app: Awaited<ReturnType<typeof createBillingTestApp>>) {
  const { cookie, user } = await app.signUp({ email: "webhook-owner@example.com" });
  await app.request("/api/plans/select", { cookie, body: { planId: "free-trial" } });
  const response = await app.request("/api/billing/checkout", { cookie, body: { planId: "premium" } });
  const { url } = (await response.json()) as { url: string };
  return { cookie, user, sessionId: url.split("/").at(-1) ?? "" };
}

describe("Stripe's webhook", () => {
  it("refuses a forged or stale event with 400, logging neither its body nor the secret", async () => {
    const logLines: string[] = [];
    const app = await createBillingTestApp({ logLines, env: { LOG_LEVEL: "info" } });
    const { cookie, sessionId } = await ownerAtCheckout(app);
    app.stripe.holdDeliveries();
    app.stripe.completeCheckout(sessionId);
    const genuine = app.stripe.events[0];
    if (!genuine) throw new Error("no event");

    const forged = await app.stripe.forge(genuine, { secret: "whsec_not_ours" });
    const stale = await app.stripe.forge(genuine, { timestamp: Math.floor(app.clock.now().getTime() / 1000) - 600 });
    expect([forged.status, stale.status]).toEqual([400, 400]);
    const unsigned = await app.app.request("/api/billing/webhook", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: forged.body,
    });
    expect(unsigned.status).toBe(400);
    expect(await unsigned.json()).toEqual({
      error: { code: "billing:webhook_invalid", message: "The event's signature could not be verified." },
    });
    expect(await app.currentPlan(cookie)).toMatchObject({ planId: "free-trial" });

    const refusals = logLines.filter((line) => line.includes("billing webhook refused"));
    expect(refusals.map((line) => JSON.parse(line).reason)).toEqual(["signature", "stale", "signature"]);
    const everything = logLines.join("\n");
    for (const secret of ["webhook-owner@example.com", sessionId, "whsec_test_directors", "sk_test_fake"]) {
      expect(everything).not.toContain(secret);
    }
  });

  it("applies each event once, and refuses a genuine delivery replayed after the tolerance", async () => {
    const app = await createBillingTestApp();
    const { cookie, user, sessionId } = await ownerAtCheckout(app);
    app.stripe.completeCheckout(sessionId);
    await app.stripe.delivered();
    const [first] = await app.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));

    // Stripe retries an event it thinks was missed: freshly signed, same id. It is acknowledged and changes nothing.
    app.clock.advance(60_000);
    const readsBefore = app.stripe.requests.length;
    for (const event of [...app.stripe.events]) await app.stripe.redeliver(event.id);
    expect(app.stripe.deliveries.slice(-3).map((delivery) => delivery.status)).toEqual([200, 200, 200]);
    expect(app.stripe.requests.length).toBe(readsBefore);
    const [after] = await app.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(after).toEqual(first);
    expect(await app.db.select().from(billingEvents)).toHaveLength(3);

    // The same bytes, old signature and all, ten minutes later: a replay.
    app.clock.advance(10 * 60_000);
    const replayed = await app.stripe.replay(app.stripe.deliveries[0] ?? ({} as never));
    expect(replayed.status).toBe(400);
    expect(await app.currentPlan(cookie)).toMatchObject({ planId: "premium", billing: { status: "active" } });
  });

  it("ends in the right state whatever order events arrive in, reading the subscription from Stripe", async () => {
    const app = await createBillingTestApp();
    const { cookie, sessionId } = await ownerAtCheckout(app);
    app.stripe.holdDeliveries();
    app.stripe.completeCheckout(sessionId);
    const subscription = [...app.stripe.subscriptions.values()][0];
    app.stripe.setCancelAtPeriodEnd(subscription?.id ?? "", true);
    // The newest event first, the purchase's events after it.
    await app.stripe.releaseHeld("reversed");
    expect(app.stripe.deliveries.map((delivery) => delivery.event.type)).toEqual([
      "customer.subscription.updated",
      "invoice.paid",
      "customer.subscription.created",
      "checkout.session.completed",
    ]);
    expect(await app.currentPlan(cookie)).toMatchObject({
      planId: "premium",
      billing: { status: "active", cancelAtPeriodEnd: true },
    });
  });

  it("keeps a lapsed plan lapsed when an old event about it arrives late, and a new subscription wins over it", async () => {
    const app = await createBillingTestApp();
    const { cookie, sessionId } = await ownerAtCheckout(app);
    app.stripe.completeCheckout(sessionId);
    await app.stripe.delivered();
    const old = [...app.stripe.subscriptions.values()][0];
    app.stripe.lapse(old?.id ?? "");
    await app.stripe.delivered();
    expect(await app.currentPlan(cookie)).toMatchObject({ planId: "premium", lapsed: true });

    // A new purchase, whose events arrive after a late one about the old subscription.
    await app.buy(cookie, "standard");
    app.stripe.holdDeliveries();
    app.stripe.setCancelAtPeriodEnd(old?.id ?? "", false);
    await app.stripe.releaseHeld();
    expect(await app.currentPlan(cookie)).toMatchObject({ planId: "standard", billing: { status: "active" } });
    expect((await app.currentPlan(cookie))?.lapsed).toBeUndefined();
  });

  it("acknowledges events about customers this app did not make, changing nothing", async () => {
    const app = await createBillingTestApp();
    const { cookie } = await app.signUp();
    const stranger = await fetch(`${app.stripe.url}/v1/customers`, {
      method: "POST",
      headers: { authorization: "Bearer sk_test_fake", "content-type": "application/x-www-form-urlencoded" },
      body: "email=someone%40else.example",
    });
    const { id: customer } = (await stranger.json()) as { id: string };
    const session = await fetch(`${app.stripe.url}/v1/checkout/sessions`, {
      method: "POST",
      headers: { authorization: "Bearer sk_test_fake", "content-type": "application/x-www-form-urlencoded" },
      body: `mode=subscription&customer=${customer}&line_items[0][price]=${[...app.stripe.prices.keys()][0]}&success_url=x&cancel_url=y`,
    });
    app.stripe.completeCheckout(((await session.json()) as { id: string }).id);
    await app.stripe.delivered();
    expect(app.stripe.deliveries.map((delivery) => delivery.status)).toEqual([200, 200, 200]);
    expect(await app.currentPlan(cookie)).toBeNull();
  });

  it("is the one route another site may post to", async () => {
    const app = await createBillingTestApp();
    // Stripe sends no Origin; anything else under /api without one is refused.
    const portal = await app.request("/api/billing/portal", { body: {}, origin: null });
    expect(portal.status).toBe(403);
    const webhook = await app.request("/api/billing/webhook", { body: {}, origin: "https://stripe.com" });
    expect(webhook.status).toBe(400);
  });
});
