import { describe, expect, it } from "vitest";
import { createTestApp } from "../../test/test-app";

const PROFILE = {
  businessName: "Bright Bean",
  industry: "Coffee",
  description: "We roast coffee in small batches.",
  target: "Coffee lovers who work from home.",
  products: "Whole beans and subscriptions.",
  goals: "Double our subscribers this year.",
  challenges: "Green coffee prices are rising fast.",
  competitors: "Two chains",
  uniqueValue: "We roast to order within 48 hours.",
  metrics: "Revenue",
};

describe("the next step of the flow after sign-in", () => {
  it("is the plan, then onboarding, then the director list", async () => {
    const { request, signUp } = await createTestApp();
    const { cookie, user, password } = await signUp();
    const next = async () => {
      const session = (await (await request("/api/auth/session", { cookie })).json()) as { next: string };
      const login = (await (await request("/api/auth/login", { body: { email: user.email, password } })).json()) as {
        next: string;
      };
      expect(login.next).toBe(session.next);
      return session.next;
    };

    expect(await next()).toBe("/subscription");
    await request("/api/plans/select", { cookie, body: { planId: "free-trial" } });
    expect(await next()).toBe("/onboarding");
    await request("/api/onboarding", { method: "PUT", cookie, body: PROFILE });
    expect(await next()).toBe("/select-department");
  });
});
