import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { CurrentPlanResponse, SelectPlanResponse } from "../../../shared/plan-selection";
import { subscriptions } from "../../db/schema";
import { AppError } from "../../http/app-error";
import { requireActivePlan } from "../../plans/plan-status";
import { PROFILE } from "../../test/fixtures";
import { createTestApp } from "../../test/test-app";

const DAY_MS = 24 * 60 * 60 * 1000;
const START = new Date("2025-03-03T09:30:00.000Z");

/** A clock the test moves forward by hand. */
function testClock(start = START) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
  };
}

describe("choosing a plan", () => {
  it("refuses both endpoints without a session", async () => {
    const { request } = await createTestApp();
    const current = await request("/api/plans/current");
    expect(current.status).toBe(401);
    expect(await current.json()).toMatchObject({ error: { code: "unauthorized:session" } });
    const select = await request("/api/plans/select", { body: { planId: "standard" } });
    expect(select.status).toBe(401);
  });

  it("reports no plan before one is chosen", async () => {
    const { request, signUp } = await createTestApp();
    const { cookie } = await signUp();
    const response = await request("/api/plans/current", { cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ plan: null });
  });

  it("starts the free trial now and ends it 7 days later", async () => {
    const clock = testClock();
    const { request, signUp } = await createTestApp({ now: clock.now });
    const { cookie } = await signUp();

    const response = await request("/api/plans/select", { cookie, body: { planId: "free-trial" } });
    expect(response.status).toBe(200);
    const selected = (await response.json()) as SelectPlanResponse;
    expect(selected).toEqual({
      plan: {
        planId: "free-trial",
        chosenAt: "2025-03-03T09:30:00.000Z",
        trialEndsAt: "2025-03-10T09:30:00.000Z",
        trialEnded: false,
        trialDaysLeft: 7,
        trialUsed: true,
      },
      next: "/onboarding",
    });

    clock.advance(6 * DAY_MS + 23 * 60 * 60 * 1000);
    const almost = (await (await request("/api/plans/current", { cookie })).json()) as CurrentPlanResponse;
    expect(almost.plan).toMatchObject({ planId: "free-trial", trialEnded: false, trialDaysLeft: 1 });

    clock.advance(60 * 60 * 1000);
    const ended = (await (await request("/api/plans/current", { cookie })).json()) as CurrentPlanResponse;
    expect(ended.plan).toMatchObject({ planId: "free-trial", trialEnded: true, trialDaysLeft: 0 });
  });

  it("stores a paid plan with the time it was chosen and no trial end", async () => {
    const clock = testClock();
    const { request, signUp } = await createTestApp({ now: clock.now });
    const { cookie } = await signUp();

    const response = await request("/api/plans/select", { cookie, body: { planId: "premium" } });
    expect(await response.json()).toEqual({
      plan: {
        planId: "premium",
        chosenAt: START.toISOString(),
        trialEndsAt: null,
        trialEnded: false,
        trialDaysLeft: null,
        trialUsed: false,
      },
      next: "/onboarding",
    });

    // Choosing the same plan again keeps the original date; switching records the new one.
    clock.advance(DAY_MS);
    const again = (await (
      await request("/api/plans/select", { cookie, body: { planId: "premium" } })
    ).json()) as SelectPlanResponse;
    expect(again.plan.chosenAt).toBe(START.toISOString());
    const switched = (await (
      await request("/api/plans/select", { cookie, body: { planId: "standard" } })
    ).json()) as SelectPlanResponse;
    expect(switched.plan).toMatchObject({
      planId: "standard",
      chosenAt: new Date(START.getTime() + DAY_MS).toISOString(),
    });
  });

  it("goes on to /select-department when onboarding is already done", async () => {
    const { request, signUp } = await createTestApp();
    const { cookie } = await signUp();
    expect((await request("/api/onboarding", { method: "PUT", cookie, body: PROFILE })).status).toBe(200);
    const response = await request("/api/plans/select", { cookie, body: { planId: "standard" } });
    expect(((await response.json()) as SelectPlanResponse).next).toBe("/select-department");
  });

  it("refuses an unknown plan with a field error", async () => {
    const { request, signUp } = await createTestApp();
    const { cookie } = await signUp();
    const response = await request("/api/plans/select", { cookie, body: { planId: "enterprise" } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: "validation:request",
        message: "Some fields need attention.",
        fields: { planId: "Please choose one of the plans." },
      },
    });
    expect(await (await request("/api/plans/current", { cookie })).json()).toEqual({ plan: null });
  });

  it("keeps each user's plan to themselves", async () => {
    const { request, signUp } = await createTestApp();
    const first = await signUp();
    const second = await signUp();
    await request("/api/plans/select", { cookie: first.cookie, body: { planId: "premium" } });
    expect(await (await request("/api/plans/current", { cookie: second.cookie })).json()).toEqual({ plan: null });
  });
});

describe("the free trial can be started once per account", () => {
  it("keeps the running trial unchanged when it is chosen again", async () => {
    const clock = testClock();
    const { request, signUp } = await createTestApp({ now: clock.now });
    const { cookie } = await signUp();
    await request("/api/plans/select", { cookie, body: { planId: "free-trial" } });
    clock.advance(2 * DAY_MS);
    const response = await request("/api/plans/select", { cookie, body: { planId: "free-trial" } });
    expect(response.status).toBe(200);
    expect(((await response.json()) as SelectPlanResponse).plan).toMatchObject({
      chosenAt: START.toISOString(),
      trialEndsAt: "2025-03-10T09:30:00.000Z",
      trialDaysLeft: 5,
    });
  });

  it("refuses a second trial after switching to a paid plan, and after the trial ended", async () => {
    const clock = testClock();
    const { request, signUp, db } = await createTestApp({ now: clock.now });
    const { cookie, user } = await signUp();
    await request("/api/plans/select", { cookie, body: { planId: "free-trial" } });
    await request("/api/plans/select", { cookie, body: { planId: "standard" } });

    const again = await request("/api/plans/select", { cookie, body: { planId: "free-trial" } });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      error: {
        code: "plan:trial_used",
        message: "The free trial can be started once per account. Please choose a paid plan.",
      },
    });
    const current = (await (await request("/api/plans/current", { cookie })).json()) as CurrentPlanResponse;
    expect(current.plan).toMatchObject({ planId: "standard", trialUsed: true });
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(row?.trialStartedAt?.toISOString()).toBe(START.toISOString());

    const other = await signUp();
    await request("/api/plans/select", { cookie: other.cookie, body: { planId: "free-trial" } });
    clock.advance(8 * DAY_MS);
    const afterEnd = await request("/api/plans/select", { cookie: other.cookie, body: { planId: "free-trial" } });
    expect(afterEnd.status).toBe(409);
  });
});

describe("requireActivePlan, used by the training and chat APIs", () => {
  it("asks for a plan first, lets a running trial through and refuses an ended one with 402", async () => {
    const clock = testClock();
    const { request, signUp, deps } = await createTestApp({ now: clock.now });
    const { cookie, user } = await signUp();

    await expect(requireActivePlan(deps, user.id)).rejects.toMatchObject({ code: "plan:required", status: 402 });

    await request("/api/plans/select", { cookie, body: { planId: "free-trial" } });
    await expect(requireActivePlan(deps, user.id)).resolves.toMatchObject({ plan: { id: "free-trial" } });

    clock.advance(7 * DAY_MS);
    const current = (await (await request("/api/plans/current", { cookie })).json()) as CurrentPlanResponse;
    expect(current.plan).toMatchObject({ trialEnded: true });
    const refusal = await requireActivePlan(deps, user.id).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).toBody()).toEqual({
      error: {
        code: "plan:trial_ended",
        message: "Your 7-day free trial has ended. Choose a plan to keep working with your directors.",
      },
    });
    expect((refusal as AppError).status).toBe(402);
  });

  it("lets the user through again once they choose a paid plan after the trial", async () => {
    const clock = testClock();
    const { request, signUp, deps } = await createTestApp({ now: clock.now });
    const { cookie, user } = await signUp();
    await request("/api/plans/select", { cookie, body: { planId: "free-trial" } });
    clock.advance(10 * DAY_MS);
    await expect(requireActivePlan(deps, user.id)).rejects.toMatchObject({ code: "plan:trial_ended" });

    const response = await request("/api/plans/select", { cookie, body: { planId: "standard" } });
    expect(((await response.json()) as SelectPlanResponse).plan).toMatchObject({
      planId: "standard",
      trialEnded: false,
      trialEndsAt: null,
    });
    await expect(requireActivePlan(deps, user.id)).resolves.toMatchObject({ plan: { id: "standard" } });
  });
});
