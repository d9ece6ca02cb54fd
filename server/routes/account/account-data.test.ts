import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emptyOnboardingData } from "../../../shared/onboarding";
import type { Database } from "../../db/client";
import {
  businessProfiles,
  contextPieces,
  conversations,
  directorBriefs,
  directorTrainings,
  memorySettings,
  messages,
  metrics,
  metricValues,
  numbersSettings,
  rememberedFacts,
  scheduledRequests,
  scheduledRuns,
  subscriptions,
  userContexts,
} from "../../db/schema";
import { savePieceEmbeddings } from "../../db/vector-store";
import { createTestApp } from "../../test/test-app";

const NOW = new Date("2026-03-10T12:00:00.000Z");

/** One owner's data in every table, each text tagged so it can be found in an export. */
async function seedOwner(db: Database, userId: string, tag: string) {
  await db.insert(subscriptions).values({
    userId,
    planId: "premium",
    chosenAt: NOW,
    trialStartedAt: null,
    trialEndsAt: null,
  });
  await db.insert(businessProfiles).values({
    userId,
    answers: { ...emptyOnboardingData(), businessName: `${tag} Coffee`, industry: `${tag} roasting` },
  });
  await db.insert(directorTrainings).values({
    userId,
    directorId: "martha",
    answers: { target_audience: `${tag} audience answer`, budget: `${tag} budget answer` },
    trainedAt: NOW,
    indexedAt: NOW,
  });
  await db.insert(userContexts).values({ userId, department: "martha", contextText: `${tag} full context text` });
  const pieces = await db
    .insert(contextPieces)
    .values([
      { userId, department: "profile", sourceField: "businessName", content: `${tag} profile piece` },
      { userId, department: "martha", sourceField: "budget", content: `${tag} training piece` },
    ])
    .returning({ id: contextPieces.id });
  const store = { available: true };
  await savePieceEmbeddings(
    db,
    store,
    pieces.map(({ id }) => ({ pieceId: id, userId, model: "test-model", embedding: [0.3, 0.2, 0.1] })),
  );
  const [conversation] = await db
    .insert(conversations)
    .values({ userId, directorId: "martha" })
    .returning({ id: conversations.id });
  if (!conversation) throw new Error("no conversation");
  const [, answer] = await db
    .insert(messages)
    .values([
      { conversationId: conversation.id, userId, sender: "user", content: `${tag} question` },
      { conversationId: conversation.id, userId, sender: "ai", content: `${tag} answer` },
    ])
    .returning({ id: messages.id });
  await db.insert(rememberedFacts).values([
    {
      userId,
      statement: `${tag} kept fact`,
      factDate: "2026-03-01",
      directorId: "martha",
      status: "kept",
      origin: "chat",
      sourceMessageId: answer?.id,
    },
    { userId, statement: `${tag} proposed fact`, factDate: "2026-03-02", status: "proposed", origin: "chat" },
  ]);
  await db.insert(memorySettings).values({ userId, keepAutomatically: true });
  await db.insert(numbersSettings).values({ userId, timeZone: "Europe/London", currency: "GBP" });
  const [metric] = await db
    .insert(metrics)
    .values({ userId, name: `${tag} revenue`, unit: "money", directorId: "finn" })
    .returning({ id: metrics.id });
  if (!metric) throw new Error("no metric");
  await db
    .insert(metricValues)
    .values({ userId, metricId: metric.id, period: "2026-03-02", value: 1200, note: `${tag} note` });
  await db.insert(directorBriefs).values({
    userId,
    directorId: "finn",
    period: "2026-03-02",
    status: "ready",
    content: { moved: `${tag} moved`, risk: `${tag} risk`, action: `${tag} action` },
  });
  const [schedule] = await db
    .insert(scheduledRequests)
    .values({ userId, directorId: "finn", question: `${tag} repeated question` })
    .returning({ id: scheduledRequests.id });
  if (!schedule) throw new Error("no schedule");
  await db
    .insert(scheduledRuns)
    .values({ userId, requestId: schedule.id, period: "2026-03-09", conversationId: conversation.id, status: "ready" });
  return { conversationId: conversation.id };
}

async function tableNames(db: Database): Promise<string[]> {
  const result = await db.execute(
    sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  return (result as unknown as { rows: Array<{ table_name: string }> }).rows.map((row) => row.table_name);
}

/** Rows of a table that mention the user's id or email anywhere, whatever the column. */
async function rowsMentioning(db: Database, table: string, user: { id: string; email: string }): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as count from ${sql.identifier(table)} t
        where strpos(row_to_json(t)::text, ${user.id}) > 0 or strpos(lower(row_to_json(t)::text), ${user.email.toLowerCase()}) > 0`,
  );
  return (result as unknown as { rows: Array<{ count: number }> }).rows[0]?.count ?? 0;
}

async function footprint(db: Database, user: { id: string; email: string }) {
  const counts: Record<string, number> = {};
  for (const table of await tableNames(db)) counts[table] = await rowsMentioning(db, table, user);
  return counts;
}

describe("GET /api/account/export", () => {
  it("downloads one JSON file with all of the owner's data and none of another owner's", async () => {
    const { request, signUp, db } = await createTestApp({ now: () => NOW });
    const { cookie, user } = await signUp({ name: "Dana Owner", email: "dana@example.com" });
    const other = await signUp({ name: "Olga Other", email: "olga@example.com" });
    const { conversationId } = await seedOwner(db, user.id, "DANA");
    await seedOwner(db, other.user.id, "OLGA");

    const response = await request("/api/account/export", { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="directors-data-2026-03-10.json"');
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.text();
    const data = JSON.parse(text);

    expect(data.account).toMatchObject({ id: user.id, name: "Dana Owner", email: "dana@example.com" });
    expect(data.account.signInMethods).toEqual([expect.objectContaining({ provider: "credential" })]);
    expect(data.account.sessions).toHaveLength(1);
    expect(data.plan).toMatchObject({ planId: "premium", name: "Premium" });
    expect(data.businessProfile.answers).toMatchObject({ businessName: "DANA Coffee", industry: "DANA roasting" });
    expect(data.directorTrainings).toEqual([
      expect.objectContaining({
        directorId: "martha",
        answers: { target_audience: "DANA audience answer", budget: "DANA budget answer" },
      }),
    ]);
    expect(data.directorContexts).toEqual([
      expect.objectContaining({ department: "martha", contextText: "DANA full context text" }),
    ]);
    expect(data.contextPieces.map((piece: { content: string }) => piece.content).sort()).toEqual([
      "DANA profile piece",
      "DANA training piece",
    ]);
    expect(data.conversations).toEqual([
      expect.objectContaining({
        id: conversationId,
        directorId: "martha",
        messages: [
          expect.objectContaining({ sender: "user", content: "DANA question" }),
          expect.objectContaining({ sender: "ai", content: "DANA answer" }),
        ],
      }),
    ]);

    expect(data.rememberedFacts).toEqual([
      expect.objectContaining({
        statement: "DANA kept fact",
        date: "2026-03-01",
        status: "kept",
        directorId: "martha",
      }),
      expect.objectContaining({ statement: "DANA proposed fact", status: "proposed" }),
    ]);
    expect(data.memorySettings).toMatchObject({ keepAutomatically: true });
    expect(data.numbers.settings).toEqual({ timeZone: "Europe/London", currency: "GBP", reminders: true });
    expect(data.numbers.metrics).toEqual([expect.objectContaining({ name: "DANA revenue", unit: "money" })]);
    expect(data.numbers.values).toEqual([
      expect.objectContaining({ period: "2026-03-02", value: 1200, note: "DANA note" }),
    ]);
    expect(data.numbers.schedules).toEqual([
      expect.objectContaining({
        question: "DANA repeated question",
        runs: [expect.objectContaining({ period: "2026-03-09", conversationId })],
      }),
    ]);
    expect(data.numbers.briefs).toEqual([
      expect.objectContaining({
        directorId: "finn",
        cadence: "weekly",
        content: { moved: "DANA moved", risk: "DANA risk", action: "DANA action" },
      }),
    ]);

    expect(text).not.toContain("OLGA");
    expect(text).not.toContain(other.user.id);
    expect(text).not.toContain("olga@example.com");
    // No password hash (scrypt "salt:hash"), no session token, no embedding.
    expect(text).not.toMatch(/"password"|"token"|"embedding"|"searchVector"/);
    expect(text).not.toMatch(/[0-9a-f]{32}:[0-9a-f]{64,}/);
  });
});

describe("DELETE /api/account", () => {
  it("refuses unless the typed email is the account's", async () => {
    const { request, signUp } = await createTestApp();
    const { cookie } = await signUp({ email: "dana@example.com" });
    const response = await request("/api/account", { method: "DELETE", body: { email: "olga@example.com" }, cookie });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: {
        code: "validation:account",
        fields: { email: "Type the email address of this account to confirm." },
      },
    });
    expect((await request("/api/account", { cookie })).status).toBe(200);
  });

  it("leaves no row of the owner in any table, ends the session and leaves the other owner untouched", async () => {
    const { request, signUp, db } = await createTestApp({ now: () => NOW });
    const { cookie, user } = await signUp({ email: "dana@example.com" });
    const other = await signUp({ email: "olga@example.com" });
    await seedOwner(db, user.id, "DANA");
    await seedOwner(db, other.user.id, "OLGA");
    // A second session, throttling counters keyed by the email and two-factor sign-in being set up exist too.
    await request("/api/auth/login", { body: { email: "dana@example.com", password: "correct-horse-battery" } });
    await request("/api/auth/login", { body: { email: "dana@example.com", password: "wrong-password" } });
    const setup = await request("/api/account/security/two-factor", {
      cookie,
      body: { password: "correct-horse-battery" },
    });
    expect(setup.status).toBe(200);

    const danaBefore = await footprint(db, user);
    const olgaBefore = await footprint(db, other.user);
    for (const table of [
      "user",
      "session",
      "account",
      "subscriptions",
      "business_profiles",
      "director_trainings",
      "user_contexts",
      "context_pieces",
      "context_piece_embeddings",
      "conversations",
      "messages",
      "remembered_facts",
      "memory_settings",
      "rate_limits",
      "two_factor",
      "numbers_settings",
      "metrics",
      "metric_values",
      "director_briefs",
      "scheduled_requests",
      "scheduled_runs",
    ]) {
      expect(danaBefore[table], `seeded ${table}`).toBeGreaterThan(0);
    }

    const response = await request("/api/account", {
      method: "DELETE",
      body: { email: "  DANA@Example.com " },
      cookie,
    });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().some((c) => /session_token=;.*Max-Age=0/i.test(c))).toBe(true);

    const danaAfter = await footprint(db, user);
    expect(Object.keys(danaAfter).sort()).toEqual(Object.keys(danaBefore).sort());
    for (const [table, count] of Object.entries(danaAfter)) expect(count, `rows of the owner in ${table}`).toBe(0);
    expect(await footprint(db, other.user)).toEqual(olgaBefore);

    expect((await request("/api/account", { cookie })).status).toBe(401);
    expect((await request("/api/account", { cookie: other.cookie })).status).toBe(200);
    const login = await request("/api/auth/login", {
      body: { email: "dana@example.com", password: "correct-horse-battery" },
    });
    expect(login.status).toBe(401);
  });
});
