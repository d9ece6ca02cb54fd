import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emptyOnboardingData } from "../../../shared/onboarding";
import type { AccountOverview, AiStatus } from "../../../shared/settings";
import type { Database } from "../../db/client";
import {
  businessProfiles,
  contextPieces,
  conversations,
  directorTrainings,
  messages,
  subscriptions,
  userContexts,
} from "../../db/schema";
import { createTestApp } from "../../test/test-app";

const NOW = new Date("2026-03-10T12:00:00.000Z");

describe("GET /api/settings/ai", () => {
  it("needs a session", async () => {
    const { request } = await createTestApp();
    expect((await request("/api/settings/ai")).status).toBe(401);
  });

  it("says nothing is configured when no provider is set", async () => {
    const { request, signUp } = await createTestApp({ env: { CONTEXT_ENABLED: "false" } });
    const { cookie } = await signUp();
    const body = (await (await request("/api/settings/ai", { cookie })).json()) as AiStatus;
    expect(body).toEqual({
      chat: { configured: false, model: null },
      embedding: { configured: false, model: null },
      context: { enabled: false },
      vectorSearch: { on: false, reason: "no_embedding_model" },
      host: null,
    });
  });

  it("names the models and the provider's host but never the key, the path or URL credentials", async () => {
    const key = "status-test-secret-key-42";
    const { request, signUp } = await createTestApp({
      env: {
        AI_API_KEY: key,
        AI_BASE_URL: "https://proxy-user:proxy-pass@llm.example.com/v1?api-key=query-secret#frag",
        CHAT_MODEL: "gpt-test-chat",
        EMBEDDING_MODEL: "embed-test-small",
      },
    });
    const { cookie } = await signUp();
    const response = await request("/api/settings/ai", { cookie });
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      chat: { configured: true, model: "gpt-test-chat" },
      embedding: { configured: true, model: "embed-test-small" },
      context: { enabled: true },
      vectorSearch: { on: true, reason: null },
      host: "llm.example.com",
    });
    for (const secret of [key, "proxy-user", "proxy-pass", "query-secret", "/v1"]) expect(text).not.toContain(secret);
  });

  it("leaves the host out when the key is part of it", async () => {
    const { request, signUp } = await createTestApp({
      env: { AI_API_KEY: "sk-in-the-host-123", AI_BASE_URL: "https://sk-in-the-host-123.llm.example.com/v1" },
    });
    const { cookie } = await signUp();
    const text = await (await request("/api/settings/ai", { cookie })).text();
    expect(JSON.parse(text).host).toBeNull();
    expect(text).not.toContain("sk-in-the-host-123");
  });
});

async function seedDirector(db: Database, userId: string, directorId: string) {
  await db.insert(directorTrainings).values({
    userId,
    directorId,
    answers: { first: `${directorId} answer` },
    trainedAt: NOW,
    indexedAt: NOW,
  });
  await db.insert(userContexts).values({ userId, department: directorId, contextText: `${directorId} context` });
  await db
    .insert(contextPieces)
    .values({ userId, department: directorId, sourceField: "first", content: `${directorId} piece` });
  const [conversation] = await db
    .insert(conversations)
    .values({ userId, directorId })
    .returning({ id: conversations.id });
  if (!conversation) throw new Error("no conversation");
  await db.insert(messages).values({ conversationId: conversation.id, userId, sender: "user", content: "hello" });
}

async function countFor(db: Database, userId: string, directorId: string) {
  const [trainings, contexts, pieces, threads, notes] = await Promise.all([
    db
      .select()
      .from(directorTrainings)
      .where(and(eq(directorTrainings.userId, userId), eq(directorTrainings.directorId, directorId))),
    db
      .select()
      .from(userContexts)
      .where(and(eq(userContexts.userId, userId), eq(userContexts.department, directorId))),
    db
      .select()
      .from(contextPieces)
      .where(and(eq(contextPieces.userId, userId), eq(contextPieces.department, directorId))),
    db
      .select()
      .from(conversations)
      .where(and(eq(conversations.userId, userId), eq(conversations.directorId, directorId))),
    db
      .select({ id: messages.id })
      .from(messages)
      .innerJoin(conversations, eq(messages.conversationId, conversations.id))
      .where(and(eq(messages.userId, userId), eq(conversations.directorId, directorId))),
  ]);
  return {
    trainings: trainings.length,
    contexts: contexts.length,
    pieces: pieces.length,
    conversations: threads.length,
    messages: notes.length,
  };
}

const ONE_OF_EACH = { trainings: 1, contexts: 1, pieces: 1, conversations: 1, messages: 1 };
const NONE = { trainings: 0, contexts: 0, pieces: 0, conversations: 0, messages: 0 };

describe("DELETE /api/settings/directors/:id/training", () => {
  it("forgets one director's training, context and conversations, and nothing else", async () => {
    const { request, signUp, db } = await createTestApp({ now: () => NOW });
    const { cookie, user } = await signUp();
    const other = await signUp();
    await db.insert(subscriptions).values({ userId: user.id, planId: "premium", chosenAt: NOW });
    await db.insert(businessProfiles).values({ userId: user.id, answers: emptyOnboardingData() });
    await db
      .insert(contextPieces)
      .values({ userId: user.id, department: "profile", sourceField: "businessName", content: "Bean Co" });
    await seedDirector(db, user.id, "martha");
    await seedDirector(db, user.id, "finn");
    await seedDirector(db, other.user.id, "martha");

    const response = await request("/api/settings/directors/martha/training", { method: "DELETE", body: {}, cookie });
    expect(response.status).toBe(200);

    expect(await countFor(db, user.id, "martha")).toEqual(NONE);
    expect(await countFor(db, user.id, "finn")).toEqual(ONE_OF_EACH);
    expect(await countFor(db, other.user.id, "martha")).toEqual(ONE_OF_EACH);
    expect(await db.select().from(contextPieces).where(eq(contextPieces.department, "profile"))).toHaveLength(1);
    expect(await db.select().from(businessProfiles)).toHaveLength(1);

    const account = (await (await request("/api/account", { cookie })).json()) as AccountOverview;
    const martha = account.directors.find((director) => director.id === "martha");
    const finn = account.directors.find((director) => director.id === "finn");
    expect(martha).toMatchObject({ state: "available", trainedAt: null });
    expect(finn).toMatchObject({ state: "trained", trainedAt: NOW.toISOString() });
  });

  it("answers 404 for an unknown director and 401 without a session", async () => {
    const { request, signUp } = await createTestApp();
    const { cookie } = await signUp();
    const unknown = await request("/api/settings/directors/zed/training", { method: "DELETE", body: {}, cookie });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: "not_found:director" } });
    expect((await request("/api/settings/directors/martha/training", { method: "DELETE", body: {} })).status).toBe(401);
  });
});
