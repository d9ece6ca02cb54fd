import { describe, expect, it } from "vitest";
import type { DirectorListResponse, DirectorState } from "../../../shared/director-states";
import { DIRECTOR_IDS, type DirectorId } from "../../../shared/directors";
import type { PlanId } from "../../../shared/plans";
import { answersFor, givePlan } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/test-app";

async function directorList(app: TestApp, cookie: string): Promise<DirectorListResponse> {
  const response = await app.request("/api/directors", { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as DirectorListResponse;
}

function states(list: DirectorListResponse): Record<DirectorId, DirectorState> {
  return Object.fromEntries(list.directors.map((director) => [director.id, director.state])) as Record<
    DirectorId,
    DirectorState
  >;
}

async function train(app: TestApp, cookie: string, directorId: DirectorId) {
  const response = await app.request(`/api/training/${directorId}`, { cookie, body: answersFor(directorId) });
  expect(response.status).toBe(200);
}

describe("GET /api/directors", () => {
  it("needs a session", async () => {
    const app = await createTestApp();
    const response = await app.request("/api/directors");
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: "unauthorized:session" } });
  });

  it("lists the six directors in order with their card details", async () => {
    const app = await createTestApp();
    const { cookie, user } = await app.signUp();
    await givePlan(app.deps, user.id, "premium");
    const list = await directorList(app, cookie);
    expect(list.directors.map((director) => director.id)).toEqual([...DIRECTOR_IDS]);
    expect(list.directors[0]).toEqual({
      id: "martha",
      name: "Martha",
      title: "Marketing Director",
      description: "strategic marketing insights, campaign optimization, audience targeting",
      icon: "M",
      state: "available",
      trainedAt: null,
      learning: null,
      // Before training, the business profile covers the key facts Martha's questions build on.
      knowledge: expect.objectContaining({ directorId: "martha", known: 4, total: 12 }),
    });
    expect(list.directors.find((director) => director.id === "sam")?.knowledge).toBeNull();
    expect(list.plan).toEqual({ id: "premium", name: "Premium", directorCount: 4, trialEnded: false });
    expect(list.trainedCount).toBe(0);
  });

  it("offers nothing to train before a plan is chosen", async () => {
    const app = await createTestApp();
    const { cookie } = await app.signUp();
    const list = await directorList(app, cookie);
    expect(states(list)).toEqual({
      martha: "over_limit",
      finn: "over_limit",
      ollie: "over_limit",
      harper: "over_limit",
      sam: "unavailable",
      ben: "unavailable",
    });
    expect(list.plan).toBeNull();
  });

  for (const planId of ["free-trial", "standard"] as const satisfies PlanId[]) {
    it(`on ${planId}, one director: the others go over the limit once one is trained`, async () => {
      const app = await createTestApp();
      const { cookie, user } = await app.signUp();
      await givePlan(app.deps, user.id, planId);
      expect(states(await directorList(app, cookie))).toEqual({
        martha: "available",
        finn: "available",
        ollie: "available",
        harper: "available",
        sam: "unavailable",
        ben: "unavailable",
      });

      await train(app, cookie, "finn");
      const list = await directorList(app, cookie);
      expect(states(list)).toEqual({
        martha: "over_limit",
        finn: "trained",
        ollie: "over_limit",
        harper: "over_limit",
        sam: "unavailable",
        ben: "unavailable",
      });
      const finn = list.directors.find((director) => director.id === "finn");
      expect(new Date(finn?.trainedAt ?? "").getTime()).toBeGreaterThan(0);
      expect(list.trainedCount).toBe(1);
    });
  }

  it("on premium, four directors can be trained", async () => {
    const app = await createTestApp();
    const { cookie, user } = await app.signUp();
    await givePlan(app.deps, user.id, "premium");
    await train(app, cookie, "martha");
    await train(app, cookie, "finn");
    expect(states(await directorList(app, cookie))).toMatchObject({
      martha: "trained",
      finn: "trained",
      ollie: "available",
      harper: "available",
    });
    await train(app, cookie, "ollie");
    await train(app, cookie, "harper");
    const list = await directorList(app, cookie);
    expect(states(list)).toEqual({
      martha: "trained",
      finn: "trained",
      ollie: "trained",
      harper: "trained",
      sam: "unavailable",
      ben: "unavailable",
    });
    expect(list.trainedCount).toBe(4);
  });

  it("makes sam and ben available when configuration says so", async () => {
    const app = await createTestApp({ env: { AVAILABLE_DIRECTORS: "martha,sam,ben" } });
    const { cookie, user } = await app.signUp();
    await givePlan(app.deps, user.id, "premium");
    expect(states(await directorList(app, cookie))).toEqual({
      martha: "available",
      finn: "unavailable",
      ollie: "unavailable",
      harper: "unavailable",
      sam: "available",
      ben: "available",
    });
  });

  it("reports an ended trial", async () => {
    let now = new Date("2025-03-03T09:00:00Z");
    const app = await createTestApp({ now: () => now });
    const { cookie, user } = await app.signUp();
    await givePlan(app.deps, user.id, "free-trial");
    now = new Date("2025-03-10T09:00:01Z");
    const list = await directorList(app, cookie);
    expect(list.plan).toMatchObject({ id: "free-trial", trialEnded: true });
  });

  it("shows each owner only their own trained directors", async () => {
    const app = await createTestApp();
    const owner = await app.signUp();
    const other = await app.signUp();
    await givePlan(app.deps, owner.user.id, "standard");
    await givePlan(app.deps, other.user.id, "standard");
    await train(app, owner.cookie, "martha");
    expect(states(await directorList(app, other.cookie))).toMatchObject({ martha: "available", finn: "available" });
  });
});
