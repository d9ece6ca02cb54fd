import { afterEach, describe, expect, it } from "vitest";
import { createStripeClient } from "../billing/billing-config";
import { FAKE_PRICES, type FakeStripeServer, startFakeStripeServer } from "./fake-stripe-server";

const SECRET = "whsec_fake_test";
let fake: FakeStripeServer;
afterEach(() => fake?.close());

/** Collects what the fake posts, verified with the real client's own check. */
async function setUp() {
  fake = await startFakeStripeServer({ webhookSecret: SECRET });
  const stripe = await createStripeClient(fake.env.STRIPE_SECRET_KEY, fake.url);
  const received: Array<{ type: string; verified: boolean }> = [];
  fake.sendWebhooksTo(async (body, headers) => {
    try {
      const event = stripe.webhooks.constructEvent(body, headers["stripe-signature"] ?? "", SECRET);
      received.push({ type: event.type, verified: true });
      return new Response("ok");
    } catch {
      received.push({ type: "", verified: false });
      return new Response("bad", { status: 400 });
    }
  });
  return { stripe, received };
}

describe("the fake Stripe server, through the real client", () => {
  it("sells a plan through a checkout session and signs its events as Stripe does", async () => {
    const { stripe, received } = await setUp();
    const prices = await stripe.prices.list({ lookup_keys: [FAKE_PRICES.premium.lookup_key] });
    expect(prices.data.map((price) => price.unit_amount)).toEqual([7999]);
    const customer = await stripe.customers.create({ email: "owner@example.com" });
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer: customer.id,
      line_items: [{ price: prices.data[0]?.id, quantity: 1 }],
      success_url: "http://app.test/back?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://app.test/plans",
      subscription_data: { metadata: { userId: "u1" } },
    });
    expect(session.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pay\//);

    // The hosted page's button, as a browser posts it.
    const paid = await fetch(`${session.url}/complete`, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`http://app.test/back?session_id=${session.id}`);
    await fake.delivered();
    expect(received).toEqual([
      { type: "checkout.session.completed", verified: true },
      { type: "customer.subscription.created", verified: true },
      { type: "invoice.paid", verified: true },
    ]);

    const completed = await stripe.checkout.sessions.retrieve(session.id);
    const subscription = await stripe.subscriptions.retrieve(completed.subscription as string);
    expect(subscription).toMatchObject({ status: "active", metadata: { userId: "u1" } });
    const invoices = await stripe.invoices.list({ customer: customer.id });
    expect(invoices.data.map((invoice) => [invoice.amount_paid, invoice.status])).toEqual([[7999, "paid"]]);
  });

  it("prorates an upgrade at once, and its forged, stale and replayed deliveries fail the real check", async () => {
    const { stripe, received } = await setUp();
    const customer = await stripe.customers.create({});
    const [standard] = (await stripe.prices.list({ lookup_keys: [FAKE_PRICES.standard.lookup_key] })).data;
    const [premium] = (await stripe.prices.list({ lookup_keys: [FAKE_PRICES.premium.lookup_key] })).data;
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer: customer.id,
      line_items: [{ price: standard?.id, quantity: 1 }],
      success_url: "http://app.test/ok",
      cancel_url: "http://app.test/no",
    });
    fake.completeCheckout(session.id);
    const subscription = fake.subscriptionOf(customer.id);
    const itemId = subscription?.items.data[0]?.id;
    const updated = await stripe.subscriptions.update(subscription?.id ?? "", {
      items: [{ id: itemId, price: premium?.id }],
      proration_behavior: "always_invoice",
    });
    expect(updated.items.data[0]?.price.id).toBe(premium?.id);
    const invoices = await stripe.invoices.list({ customer: customer.id });
    expect(invoices.data.map((invoice) => invoice.amount_due)).toEqual([5000, 2999]);
    await fake.delivered();

    const before = received.length;
    const genuine = fake.deliveries[0];
    if (!genuine) throw new Error("nothing was delivered");
    await fake.forge(genuine.event, { secret: "whsec_someone_else" });
    await fake.forge(genuine.event, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(received.slice(before)).toEqual([
      { type: "", verified: false },
      { type: "", verified: false },
    ]);
  });
});
