import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ONBOARDING_FIELDS } from "../../../shared/onboarding";
import { directorTrainings, userContexts } from "../../db/schema";
import { getBusinessProfile } from "../../profile/business-profile";
import { type FakeAiServer, startFakeAiServer } from "../../test/fake-ai-server";
import { answersFor, PROFILE } from "../../test/fixtures";
import { storedPieces } from "../../test/stored-embeddings";
import { createTestApp } from "../../test/test-app";

describe("the business profile", () => {
  it("refuses reading and saving without a session", async () => {
    const { request } = await createTestApp();
    const read = await request("/api/onboarding");
    expect(read.status).toBe(401);
    expect(await read.json()).toMatchObject({ error: { code: "unauthorized:session" } });
    const save = await request("/api/onboarding", { method: "PUT", body: PROFILE });
    expect(save.status).toBe(401);
  });

  it("is empty before onboarding, then stores and returns all ten answers, trimmed", async () => {
    const { request, signUp, db } = await createTestApp();
    const { cookie, user } = await signUp();
    expect(await (await request("/api/onboarding", { cookie })).json()).toEqual({ profile: null });

    const padded = { ...PROFILE, businessName: `  ${PROFILE.businessName}  `, sneaky: "not stored" };
    const saved = await request("/api/onboarding", { method: "PUT", cookie, body: padded });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ profile: PROFILE });

    expect(await (await request("/api/onboarding", { cookie })).json()).toEqual({ profile: PROFILE });
    // The one server function other features read the profile through.
    expect(await getBusinessProfile(db, user.id)).toEqual(PROFILE);
  });

  it("replaces the answers when onboarding is submitted again", async () => {
    const { request, signUp } = await createTestApp();
    const { cookie } = await signUp();
    await request("/api/onboarding", { method: "PUT", cookie, body: PROFILE });
    const edited = { ...PROFILE, goals: "Open a third café by next autumn." };
    expect((await request("/api/onboarding", { method: "PUT", cookie, body: edited })).status).toBe(200);
    expect(await (await request("/api/onboarding", { cookie })).json()).toEqual({ profile: edited });
  });

  it("checks every field with the spec's rule and message", async () => {
    const { request, signUp } = await createTestApp();
    const { cookie } = await signUp();
    const expected = {
      businessName: [1, "Business name is required"],
      industry: [1, "Industry is required"],
      description: [10, "Please provide a more detailed description"],
      target: [10, "Please describe your target audience"],
      products: [10, "Please describe your products/services"],
      goals: [10, "Please describe your business goals"],
      challenges: [10, "Please describe your current challenges"],
      competitors: [5, "Please list some competitors"],
      uniqueValue: [10, "Please describe your unique value proposition"],
      metrics: [5, "Please describe how you measure success"],
    } as const;
    expect(ONBOARDING_FIELDS.map((field) => field.name)).toEqual(Object.keys(expected));

    for (const [name, [min, message]] of Object.entries(expected)) {
      // One character short, padded with spaces that do not count.
      const tooShort = `  ${"x".repeat(min - 1)}  `;
      const refused = await request("/api/onboarding", {
        method: "PUT",
        cookie,
        body: { ...PROFILE, [name]: tooShort },
      });
      expect(refused.status, name).toBe(400);
      expect(await refused.json(), name).toEqual({
        error: { code: "validation:onboarding", message: "Some answers need attention.", fields: { [name]: message } },
      });

      const exact = await request("/api/onboarding", {
        method: "PUT",
        cookie,
        body: { ...PROFILE, [name]: "y".repeat(min) },
      });
      expect(exact.status, name).toBe(200);
    }
  });

  it("names every missing answer, and stores nothing", async () => {
    const { request, signUp } = await createTestApp();
    const { cookie } = await signUp();
    const response = await request("/api/onboarding", { method: "PUT", cookie, body: {} });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields).toEqual(
      Object.fromEntries(ONBOARDING_FIELDS.map((field) => [field.name, field.message])),
    );
    expect(await (await request("/api/onboarding", { cookie })).json()).toEqual({ profile: null });
  });

  it("refuses an answer over 5,000 characters", async () => {
    const { request, signUp } = await createTestApp();
    const { cookie } = await signUp();
    const response = await request("/api/onboarding", {
      method: "PUT",
      cookie,
      body: { ...PROFILE, description: "x".repeat(5001) },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { fields: { description: "Please keep this answer under 5,000 characters" } },
    });
  });

  it("never shows or changes another user's profile", async () => {
    const { request, signUp } = await createTestApp();
    const owner = await signUp();
    const other = await signUp();
    await request("/api/onboarding", { method: "PUT", cookie: owner.cookie, body: PROFILE });

    expect(await (await request("/api/onboarding", { cookie: other.cookie })).json()).toEqual({ profile: null });

    const theirs = { ...PROFILE, businessName: "Other Shop" };
    await request("/api/onboarding", { method: "PUT", cookie: other.cookie, body: theirs });
    expect(await (await request("/api/onboarding", { cookie: owner.cookie })).json()).toEqual({ profile: PROFILE });
    expect(await (await request("/api/onboarding", { cookie: other.cookie })).json()).toEqual({ profile: theirs });
  });
});

describe("editing one answer in place (Settings)", () => {
  it("changes only that answer, with the same rule and message as onboarding, once onboarding is done", async () => {
    const { request, signUp } = await createTestApp();
    const { cookie } = await signUp();
    const before = await request("/api/onboarding", {
      method: "PATCH",
      cookie,
      body: { field: "goals", value: "Open a third café by next autumn." },
    });
    expect(before.status).toBe(404);
    expect(await before.json()).toMatchObject({ error: { code: "not_found:profile" } });

    await request("/api/onboarding", { method: "PUT", cookie, body: PROFILE });
    const tooShort = await request("/api/onboarding", {
      method: "PATCH",
      cookie,
      body: { field: "goals", value: "  Grow.  " },
    });
    expect(tooShort.status).toBe(400);
    expect(await tooShort.json()).toEqual({
      error: {
        code: "validation:onboarding",
        message: "Some answers need attention.",
        fields: { value: "Please describe your business goals" },
      },
    });
    const unknown = await request("/api/onboarding", { method: "PATCH", cookie, body: { field: "email", value: "x" } });
    expect(unknown.status).toBe(400);

    const edited = await request("/api/onboarding", {
      method: "PATCH",
      cookie,
      body: { field: "goals", value: "  Open a third café by next autumn.  " },
    });
    expect(edited.status).toBe(200);
    const expected = { ...PROFILE, goals: "Open a third café by next autumn." };
    expect(await edited.json()).toEqual({ profile: expected });
    expect(await (await request("/api/onboarding", { cookie })).json()).toEqual({ profile: expected });
  });
});

describe("saving the profile rebuilds the directors' context", () => {
  let fake: FakeAiServer;
  beforeEach(async () => {
    fake = await startFakeAiServer();
  });
  afterEach(async () => {
    await fake.close();
  });

  async function trainedOwner() {
    const app = await createTestApp({ env: { AI_BASE_URL: fake.url, AI_API_KEY: "test-key" } });
    const owner = await app.signUp();
    await app.request("/api/plans/select", { cookie: owner.cookie, body: { planId: "premium" } });
    await app.request("/api/onboarding", { method: "PUT", cookie: owner.cookie, body: PROFILE });
    const trained = await app.request("/api/training/martha", { cookie: owner.cookie, body: answersFor("martha") });
    expect(trained.status).toBe(200);
    await app.jobsIdle();
    return { app, owner };
  }

  it("saves at once, then a background job puts the new answers into the director's context and the profile pieces", async () => {
    const { app, owner } = await trainedOwner();
    const renamed = { ...PROFILE, businessName: "Moonlight Roastery" };
    fake.queueEmbeddings({ delayMs: 500 });
    const saved = await app.request("/api/onboarding", { method: "PUT", cookie: owner.cookie, body: renamed });
    expect(saved.status).toBe(200);
    const contextText = async () =>
      (
        await app.db
          .select({ text: userContexts.contextText })
          .from(userContexts)
          .where(and(eq(userContexts.userId, owner.user.id), eq(userContexts.department, "martha")))
      )[0]?.text;
    // The save did not wait for the embedding provider.
    expect(await contextText()).toContain("Bright Bean");

    await app.jobsIdle();
    const context = { text: await contextText() };
    expect(context?.text).toContain("Moonlight Roastery");
    expect(context?.text).not.toContain("Bright Bean");
    const pieces = (await storedPieces(app.deps, owner.user.id)).filter((piece) => piece.department === "profile");
    expect(pieces).toHaveLength(10);
    expect(pieces.some((piece) => piece.content.includes("Moonlight Roastery"))).toBe(true);
    expect(pieces.every((piece) => piece.embedding?.length)).toBe(true);
  });

  it("rebuilds it after one answer is edited in place too", async () => {
    const { app, owner } = await trainedOwner();
    const edited = await app.request("/api/onboarding", {
      method: "PATCH",
      cookie: owner.cookie,
      body: { field: "businessName", value: "Moonlight Roastery" },
    });
    expect(edited.status).toBe(200);
    await app.jobsIdle();
    const [context] = await app.db
      .select({ text: userContexts.contextText })
      .from(userContexts)
      .where(and(eq(userContexts.userId, owner.user.id), eq(userContexts.department, "martha")));
    expect(context?.text).toContain("Moonlight Roastery");
    expect(context?.text).toContain(PROFILE.goals);
  });

  it("still stores the profile when the embedding service fails, and leaves the index owed", async () => {
    const { app, owner } = await trainedOwner();
    fake.queueEmbeddings({ fail: { status: 400, message: "bad input" } });
    const renamed = { ...PROFILE, businessName: "Moonlight Roastery" };
    const saved = await app.request("/api/onboarding", { method: "PUT", cookie: owner.cookie, body: renamed });
    expect(saved.status).toBe(200);
    await app.jobsIdle();
    expect(await (await app.request("/api/onboarding", { cookie: owner.cookie })).json()).toEqual({
      profile: renamed,
    });
    const [training] = await app.db
      .select({ indexedAt: directorTrainings.indexedAt })
      .from(directorTrainings)
      .where(eq(directorTrainings.userId, owner.user.id));
    expect(training?.indexedAt).toBeNull();
  });
});
