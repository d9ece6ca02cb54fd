import { afterEach } from "vitest";
import type { CurrentPlan, CurrentPlanResponse } from "../../shared/plan-selection";
import { WEBHOOK_PATH } from "../billing/receive-webhook";
import { type FakeStripeServer, startFakeStripeServer } from "./fake-stripe-server";
import { createTestApp, type TestApp, type TestAppOptions } from "./test-app";

export const START = new Date("2026-03-02T09:00:00.000Z");
export const DAY_MS = 24 * 60 * 60 * 1000;

/** A clock the test moves by hand, shared by the app and the fake Stripe server. */
export function testClock(start = START) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
  };
}

const fakes: FakeStripeServer[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

export type BillingTestApp = TestApp & {
  stripe: FakeStripeServer;
  clock: ReturnType<typeof testClock>;
  currentPlan(cookie: string): Promise<CurrentPlan | null>;
  /** Goes to checkout for a plan and completes it as an owner would on the hosted page; returns the session. */
  buy(cookie: string, planId: "standard" | "premium"): Promise<{ sessionId: string }>;
};

/** The app with billing on, against a fake Stripe server whose webhooks reach the app's route. */
export async function createBillingTestApp(options: TestAppOptions = {}): Promise<BillingTestApp> {
  const clock = testClock();
  const stripe = await startFakeStripeServer({ webhookSecret: "whsec_test_directors", now: clock.now });
  fakes.push(stripe);
  const app = await createTestApp({ now: clock.now, ...options, env: { ...stripe.env, ...options.env } });
  stripe.sendWebhooksTo((body, headers) => app.app.request(WEBHOOK_PATH, { method: "POST", headers, body }));

  async function currentPlan(cookie: string) {
    const response = await app.request("/api/plans/current", { cookie });
    return ((await response.json()) as CurrentPlanResponse).plan;
  }

  async function buy(cookie: string, planId: "standard" | "premium") {
    const response = await app.request("/api/billing/checkout", { cookie, body: { planId } });
    if (response.status !== 200) throw new Error(`checkout failed: ${response.status} ${await response.text()}`);
    const { url } = (await response.json()) as { url: string };
    const sessionId = url.split("/").at(-1) ?? "";
    stripe.completeCheckout(sessionId);
    await stripe.delivered();
    return { sessionId };
  }

  return { ...app, stripe, clock, currentPlan, buy };
}
