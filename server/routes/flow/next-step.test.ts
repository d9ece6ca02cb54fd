import { describe, expect, it } from "vitest";
import { PROFILE } from "../../test/fixtures";
import { createTestApp } from "../../test/test-app";

describe("the next step of the flow after sign-in", () => {
  it("is the plan, then onboarding, then the director list", async () => {
    const { request, signUp } = await createTestApp();
    const { cookie, user, password } = await signUp();
    const next = async () => {
      const session = (await (await request("/api/auth/session", { cookie })).json()) as { next: string };
      return session.next;
    };

    expect(await next()).toBe("/subscription");
    await request("/api/plans/select", { cookie, body: { planId: "free-trial" } });
    expect(await next()).toBe("/onboarding");
    await request("/api/onboarding", { method: "PUT", cookie, body: PROFILE });
    expect(await next()).toBe("/select-department");
    const login = await request("/api/auth/login", { body: { email: user.email, password } });
    expect(((await login.json()) as { next: string }).next).toBe("/select-department");
  });
});
