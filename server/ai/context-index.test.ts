import { and, eq } from "drizzle-orm";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { businessProfiles, contextPieces, directorTrainings, userContexts } from "../db/schema";
import { type FakeAiServer, startFakeAiServer } from "../test/fake-ai-server";
import { answersFor, givePlan, PROFILE } from "../test/fixtures";
import { storedContexts } from "../test/stored-embeddings";
import { createTestApp, type TestApp } from "../test/test-app";
import {
  IndexingError,
  indexDirectorContext,
  indexOwedContexts,
  markContextsOwed,
  storeUserContext,
} from "./context-index";

let fake: FakeAiServer;
beforeEach(async () => {
  fake = await startFakeAiServer();
});
afterEach(async () => {
  await fake.close();
});

/** A logger whose lines the test can read. */
function capturingLogger() {
  const lines: Array<{ msg: string; level: number }> = [];
  const log = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { log, lines };
}

async function premiumOwner(app: TestApp) {
  const owner = await app.signUp();
  await givePlan(app.deps, owner.user.id, "premium");
  return owner;
}

describe("storeUserContext (the spec's stored context record)", () => {
  it("refuses blank context text: logs it, returns false and writes no row", async () => {
    const app = await createTestApp();
    const { user } = await app.signUp();
    const { log, lines } = capturingLogger();
    const stored = await storeUserContext(
      { db: app.db, log },
      { userId: user.id, department: "martha", contextText: " \n\t ", createdAt: new Date() },
    );
    expect(stored).toBe(false);
    expect(lines.map((line) => line.msg)).toContain("Empty context text provided");
    expect(await app.db.select().from(userContexts)).toHaveLength(0);
  });

  it("upserts one row per user and department", async () => {
    const app = await createTestApp();
    const { user } = await app.signUp();
    const deps = { db: app.db, log: app.deps.log };
    const record = { userId: user.id, department: "martha", createdAt: new Date() };
    expect(await storeUserContext(deps, { ...record, contextText: "first" })).toBe(true);
    expect(await storedContexts(app.deps, user.id)).toMatchObject([{ contextText: "first" }]);
    expect(await storeUserContext(deps, { ...record, contextText: "second" })).toBe(true);
    const rows = await storedContexts(app.deps, user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ contextText: "second", department: "martha" });
  });
});

describe("indexDirectorContext", () => {
  it("refuses a blank context (no profile, no answers) and writes nothing", async () => {
    const app = await createTestApp();
    const { user } = await app.signUp();
    await app.db
      .insert(directorTrainings)
      .values({ userId: user.id, directorId: "martha", answers: {}, trainedAt: new Date() });
    const { log, lines } = capturingLogger();
    expect(await indexDirectorContext({ ...app.deps, log }, user.id, "martha")).toBe(false);
    expect(lines.map((line) => line.msg)).toContain("Empty context text provided");
    expect(await app.db.select().from(userContexts)).toHaveLength(0);
    expect(await app.db.select().from(contextPieces)).toHaveLength(0);
  });
});

describe("markContextsOwed and indexOwedContexts (after the business profile changed)", () => {
  it("rebuilds every trained director's record and the profile pieces", async () => {
    const app = await createTestApp({ env: { AI_BASE_URL: fake.url, AI_API_KEY: "test-key" } });
    const { cookie, user } = await premiumOwner(app);
    for (const id of ["martha", "finn"] as const) {
      expect((await app.request(`/api/training/${id}`, { cookie, body: answersFor(id) })).status).toBe(200);
    }
    await app.jobsIdle();
    await app.db
      .update(businessProfiles)
      .set({ answers: { ...PROFILE, businessName: "Night Owl Roasters" } })
      .where(eq(businessProfiles.userId, user.id));

    expect((await markContextsOwed(app.db, user.id)).sort()).toEqual(["finn", "martha"]);
    expect((await indexOwedContexts(app.deps, user.id)).sort()).toEqual(["finn", "martha"]);
    const contexts = await app.db.select().from(userContexts).where(eq(userContexts.userId, user.id));
    expect(contexts).toHaveLength(2);
    expect(contexts.every((context) => context.contextText.includes("Night Owl Roasters"))).toBe(true);
    const [name] = await app.db
      .select()
      .from(contextPieces)
      .where(and(eq(contextPieces.userId, user.id), eq(contextPieces.sourceField, "businessName")));
    expect(name?.content).toContain("Night Owl Roasters");
    expect(await app.db.select().from(contextPieces).where(eq(contextPieces.userId, user.id))).toHaveLength(30);
    const trainings = await app.db.select().from(directorTrainings).where(eq(directorTrainings.userId, user.id));
    expect(trainings.every((training) => training.indexedAt !== null)).toBe(true);
    // Nothing is owed any more.
    expect(await indexOwedContexts(app.deps, user.id)).toEqual([]);
  });

  it("leaves every director owing an index when embedding fails, so the next training submit asks again", async () => {
    const app = await createTestApp({ env: { AI_BASE_URL: fake.url, AI_API_KEY: "test-key" } });
    const { cookie, user } = await premiumOwner(app);
    await app.request("/api/training/martha", { cookie, body: answersFor("martha") });
    await app.jobsIdle();
    await markContextsOwed(app.db, user.id);
    fake.queueEmbeddings({ fail: { status: 401 } });
    const error = await indexOwedContexts(app.deps, user.id).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(IndexingError);
    expect((error as IndexingError).stage).toBe("embed");
    const [training] = await app.db.select().from(directorTrainings).where(eq(directorTrainings.userId, user.id));
    expect(training?.indexedAt).toBeNull();

    const retried = await app.request("/api/training/martha", { cookie, body: answersFor("martha") });
    expect(await retried.json()).toMatchObject({ indexed: false });
    await app.jobsIdle();
    const [after] = await app.db.select().from(directorTrainings).where(eq(directorTrainings.userId, user.id));
    expect(after?.indexedAt).not.toBeNull();
  });
});
