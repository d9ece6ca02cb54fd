import { describe, expect, it } from "vitest";
import type { InvoicesResponse } from "../../../shared/billing";
import { directorTrainings } from "../../db/schema";
import { createBillingTestApp, DAY_MS } from "../../test/billing-test-app";
import { answersFor } from "../../test/fixtures";

type App = Awaited<ReturnType<typeof createBillingTestApp>>;

/** An owner paying for a plan, with these directors trained. */
async function payingOwner(app: App, planId: "standard" | "premium", trained: string[] = ["martha"]) {
  const { cookie, user } = await app.signUp();
  for (const directorId of trained) {
    await app.db.insert(directorTrainings).values({
      userId: user.id,
      directorId,
      answers: answersFor(directorId as "martha"),
      trainedAt: app.clock.now(),
    });
  }
  await app.buy(cookie, planId);
  const customerId = [...app.stripe.customers.values()].find((customer) => customer.metadata.user_id === user.id)?.id;
  return { cookie, user, customerId: customerId ?? "" };
}

async function invoices(app: App, cookie: string) {
  const response = await app.request("/api/billing/invoices", { cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as InvoicesResponse).invoices;
}

describe("a paid plan over time", () => {
  it("lists the owner's invoices with amounts, dates and links, and no one else's", async () => {
    const app = await createBillingTestApp();
    const { cookie } = await payingOwner(app, "standard");
    app.clock.advance(31 * DAY_MS);
    app.stripe.renewDue();
    await app.stripe.delivered();

    const listed = await invoices(app, cookie);
    expect(listed.map(({ amountPaid, status, createdAt }) => ({ amountPaid, status, createdAt }))).toEqual([
      { amountPaid: 2999, status: "paid", createdAt: `${new Date(app.clock.now()).toISOString().slice(0, 19)}.000Z` },
      { amountPaid: 2999, status: "paid", createdAt: "2026-03-02T09:00:00.000Z" },
    ]);
    expect(listed[0]?.url).toMatch(new RegExp(`^${app.stripe.url}/invoices/in_`));
    expect(listed[0]?.pdfUrl).toMatch(/\/pdf$/);

    const other = await app.signUp();
    expect(await invoices(app, other.cookie)).toEqual([]);
    const portal = await app.request("/api/billing/portal", { cookie: other.cookie, body: {} });
    expect(portal.status).toBe(409);
    expect(((await portal.json()) as { error: { code: string } }).error.code).toBe("billing:no_subscription");
  });

  it("opens the owner's own portal, where cancelling keeps the plan to the period's end, then ends it", async () => {
    const app = await createBillingTestApp();
    const { cookie, customerId } = await payingOwner(app, "premium");
    const response = await app.request("/api/billing/portal", { cookie, body: {} });
    const { url } = (await response.json()) as { url: string };
    expect(url).toMatch(new RegExp(`^${app.stripe.url}/portal/bps_`));
    const portal = [...app.stripe.requests].reverse().find((request) => request.path === "/v1/billing_portal/sessions");
    expect(portal?.body).toEqual({ customer: customerId, return_url: "http://localhost:3000/settings#plan" });

    // The portal page's "Cancel plan", as a browser posts it.
    await fetch(`${url}/cancel`, { method: "POST", redirect: "manual" });
    await app.stripe.delivered();
    expect(await app.currentPlan(cookie)).toMatchObject({ planId: "premium", billing: { cancelAtPeriodEnd: true } });
    expect((await app.request("/api/training/martha", { cookie })).status).toBe(200);

    app.clock.advance(30 * DAY_MS);
    app.stripe.renewDue();
    await app.stripe.delivered();
    expect(await app.currentPlan(cookie)).toMatchObject({ planId: "premium", lapsed: true });
    const refused = await app.request("/api/training/martha", { cookie });
    expect(refused.status).toBe(402);
    expect(await refused.json()).toEqual({
      error: {
        code: "plan:lapsed",
        message:
          "Your paid plan has ended. Choose a plan to keep working with your directors; everything you saved is kept.",
      },
    });
    const chat = await app.request("/api/chat/martha/messages", { cookie, body: { text: "Still there?" } });
    expect(chat.status).toBe(402);
    // Nothing is lost: paying again brings Martha back with her training.
    await app.buy(cookie, "standard");
    const training = await app.request("/api/training/martha", { cookie });
    expect(((await training.json()) as { answers: unknown }).answers).toEqual(answersFor("martha"));
  });

  it("resumes a cancelled plan from the portal, and it renews as before", async () => {
    const app = await createBillingTestApp();
    const { cookie } = await payingOwner(app, "standard");
    const { url } = (await (await app.request("/api/billing/portal", { cookie, body: {} })).json()) as { url: string };
    await fetch(`${url}/cancel`, { method: "POST", redirect: "manual" });
    await fetch(`${url}/renew`, { method: "POST", redirect: "manual" });
    await app.stripe.delivered();
    expect(await app.currentPlan(cookie)).toMatchObject({ billing: { cancelAtPeriodEnd: false } });
    app.clock.advance(30 * DAY_MS);
    app.stripe.renewDue();
    await app.stripe.delivered();
    expect(await app.currentPlan(cookie)).toMatchObject({ planId: "standard", billing: { status: "active" } });
    expect((await invoices(app, cookie)).map((invoice) => invoice.amountPaid)).toEqual([2999, 2999]);
  });

  it("keeps working through a failed payment while Stripe retries, then stops when the subscription lapses", async () => {
    const app = await createBillingTestApp();
    const { cookie, customerId } = await payingOwner(app, "standard");
    app.stripe.declineCard(customerId);
    app.clock.advance(30 * DAY_MS);
    app.stripe.renewDue();
    await app.stripe.delivered();
    expect(await app.currentPlan(cookie)).toMatchObject({
      planId: "standard",
      billing: { status: "past_due", paymentFailed: true },
    });
    expect((await app.request("/api/training/martha", { cookie })).status).toBe(200);
    expect((await invoices(app, cookie))[0]).toMatchObject({ status: "open", amountDue: 2999, amountPaid: 0 });

    // A new card pays what is open, and the banner's reason goes away.
    app.stripe.declineCard(customerId, false);
    await app.stripe.delivered();
    expect(await app.currentPlan(cookie)).toMatchObject({ billing: { status: "active", paymentFailed: false } });

    // Next month the card fails again and the retries run out.
    app.stripe.declineCard(customerId);
    app.clock.advance(30 * DAY_MS);
    app.stripe.renewDue();
    const subscription = app.stripe.subscriptionOf(customerId);
    app.stripe.lapse(subscription?.id ?? "");
    await app.stripe.delivered();
    expect(await app.currentPlan(cookie)).toMatchObject({ planId: "standard", lapsed: true });
    expect((await app.request("/api/training/martha", { cookie })).status).toBe(402);
  });

  it("moves Standard to Premium at once, charging the rest of the period prorated", async () => {
    const app = await createBillingTestApp();
    const { cookie } = await payingOwner(app, "standard");
    app.clock.advance(15 * DAY_MS);
    const response = await app.request("/api/billing/change", { cookie, body: { planId: "premium" } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ plan: { planId: "premium", billing: { status: "active" } } });
    await app.stripe.delivered();
    // Half the period left: half of the $50.00 difference.
    expect((await invoices(app, cookie))[0]).toMatchObject({ amountPaid: 2500, status: "paid" });
  });

  it("leaves the plan unchanged when the card declines the upgrade's charge", async () => {
    const app = await createBillingTestApp();
    const { cookie, customerId } = await payingOwner(app, "standard");
    app.stripe.declineCard(customerId);
    const response = await app.request("/api/billing/change", { cookie, body: { planId: "premium" } });
    expect(response.status).toBe(402);
    expect(await response.json()).toEqual({
      error: {
        code: "billing:payment_declined",
        message:
          "Your card was declined, so your plan has not changed. Update your card in Manage billing and try again.",
      },
    });
    await app.stripe.delivered();
    expect(await app.currentPlan(cookie)).toMatchObject({ planId: "standard", billing: { status: "active" } });
  });

  it("moves Premium to Standard at the period's end, keeping the director the owner chose; the rest come back on upgrade", async () => {
    const app = await createBillingTestApp();
    const { cookie } = await payingOwner(app, "premium", ["martha", "finn"]);

    const unchosen = await app.request("/api/billing/change", { cookie, body: { planId: "standard" } });
    expect(unchosen.status).toBe(400);
    expect(await unchosen.json()).toMatchObject({
      error: {
        code: "billing:kept_director_required",
        fields: { keptDirectorId: "Choose one of your trained directors." },
      },
    });
    const untrained = await app.request("/api/billing/change", {
      cookie,
      body: { planId: "standard", keptDirectorId: "ollie" },
    });
    expect(untrained.status).toBe(400);

    const response = await app.request("/api/billing/change", {
      cookie,
      body: { planId: "standard", keptDirectorId: "finn" },
    });
    expect(response.status).toBe(200);
    await app.stripe.delivered();
    // Premium runs to the end of what was paid; nothing is charged now.
    expect(await app.currentPlan(cookie)).toMatchObject({
      planId: "premium",
      billing: { scheduledPlanId: "standard", keptDirectorId: "finn" },
    });
    expect(await invoices(app, cookie)).toHaveLength(1);
    expect((await app.request("/api/training/martha", { cookie })).status).toBe(200);

    app.clock.advance(30 * DAY_MS);
    // Standard starts at the period's end, even before Stripe's renewal events arrive.
    expect(await app.currentPlan(cookie)).toMatchObject({ planId: "standard" });
    app.stripe.renewDue();
    await app.stripe.delivered();
    expect(await app.currentPlan(cookie)).toMatchObject({ planId: "standard", billing: { scheduledPlanId: null } });
    expect((await invoices(app, cookie))[0]).toMatchObject({ amountPaid: 2999 });
    expect((await app.request("/api/training/finn", { cookie })).status).toBe(200);
    const resting = await app.request("/api/training/martha", { cookie });
    expect(resting.status).toBe(403);
    expect(((await resting.json()) as { error: { code: string } }).error.code).toBe("plan:director_limit");

    const upgraded = await app.request("/api/billing/change", { cookie, body: { planId: "premium" } });
    expect(upgraded.status).toBe(200);
    const martha = await app.request("/api/training/martha", { cookie });
    expect(((await martha.json()) as { answers: unknown }).answers).toEqual(answersFor("martha"));
  });

  it("takes back a waiting move to Standard when Premium is chosen again, charging nothing", async () => {
    const app = await createBillingTestApp();
    const { cookie } = await payingOwner(app, "premium", ["martha", "finn"]);
    await app.request("/api/billing/change", { cookie, body: { planId: "standard", keptDirectorId: "martha" } });
    const again = await app.request("/api/billing/change", { cookie, body: { planId: "premium" } });
    expect(await again.json()).toMatchObject({ plan: { planId: "premium", billing: { scheduledPlanId: null } } });
    app.clock.advance(30 * DAY_MS);
    app.stripe.renewDue();
    await app.stripe.delivered();
    expect(await app.currentPlan(cookie)).toMatchObject({ planId: "premium" });
    expect((await invoices(app, cookie)).map((invoice) => invoice.amountPaid)).toEqual([7999, 7999]);
  });

  it("refuses a change without a running subscription", async () => {
    const app = await createBillingTestApp();
    const { cookie } = await app.signUp();
    const response = await app.request("/api/billing/change", { cookie, body: { planId: "premium" } });
    expect(response.status).toBe(409);
  });

  it("includes the paid subscription in the owner's data export", async () => {
    const app = await createBillingTestApp();
    const { cookie, customerId } = await payingOwner(app, "premium");
    const data = (await (await app.request("/api/account/export", { cookie })).json()) as { plan: unknown };
    expect(data.plan).toMatchObject({
      planId: "premium",
      stripeSubscriptionId: app.stripe.subscriptionOf(customerId)?.id,
      paymentStatus: "active",
      cancelAtPeriodEnd: false,
    });
  });

  it("ends the subscription and removes the Stripe customer when the owner deletes their account", async () => {
    const app = await createBillingTestApp();
    const { cookie, user, customerId } = await payingOwner(app, "premium");
    const subscriptionId = app.stripe.subscriptionOf(customerId)?.id ?? "";
    const response = await app.request("/api/account", {
      method: "DELETE",
      cookie,
      body: { email: user.email },
    });
    expect(response.status).toBe(200);
    await app.stripe.delivered();
    expect(app.stripe.customers.has(customerId)).toBe(false);
    expect(app.stripe.subscriptions.get(subscriptionId)?.status).toBe("canceled");
    // Stripe's event about it finds no owner any more, and is acknowledged.
    expect(app.stripe.deliveries.at(-1)).toMatchObject({ status: 200 });
  });
});
