import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DirectorId } from "../../shared/directors";
import type { ConversationMemory, KnowledgeOverview } from "../../shared/memory";
import { directorTrainings } from "../db/schema";
import { streamParts } from "../test/chat-stream";
import { type FakeAiServer, startFakeAiServer } from "../test/fake-ai-server";
import { answersFor, givePlan } from "../test/fixtures";
import { createTestApp, type TestApp, type TestAppOptions } from "../test/test-app";
import { createTestDatabase } from "../test/test-database";

/**
 * When the director learns from a chat: once per conversation, after a pause in it (LEARNING_PAUSE_SECONDS, which each
 * test sets) or once the owner has left it for a new one, in one request for every turn that may state a fact; never
 * for turns that state nothing; and what waits survives a restart.
 */

let fake: FakeAiServer;
beforeEach(async () => {
  fake = await startFakeAiServer();
});
afterEach(async () => {
  await fake.close();
});

function learningApp(pauseSeconds: number, database?: TestAppOptions["database"]) {
  return createTestApp({
    env: {
      AI_BASE_URL: fake.url,
      AI_API_KEY: "learning-test-key",
      CHAT_MODEL: "test-chat",
      EMBEDDING_MODEL: "none",
      LEARNING_PAUSE_SECONDS: String(pauseSeconds),
    },
    database,
  });
}

/** A signed-up owner on the premium plan with Finn trained. */
async function owner(app: TestApp) {
  const { cookie, user } = await app.signUp();
  await givePlan(app.deps, user.id, "premium");
  await app.db
    .insert(directorTrainings)
    .values({ userId: user.id, directorId: "finn", answers: answersFor("finn"), trainedAt: app.deps.now() });
  return cookie;
}

/** One chat turn, read to the end: the ids it was stored with. */
async function ask(app: TestApp, cookie: string, text: string, conversationId?: string) {
  const directorId: DirectorId = "finn";
  const response = await app.request(`/api/chat/${directorId}/messages`, { cookie, body: { text, conversationId } });
  expect(response.status).toBe(200);
  const finish = (await streamParts(response)).find((part) => part.type === "finish");
  return finish?.messageMetadata as { conversationId: string; messageId: string };
}

async function conversationMemory(app: TestApp, cookie: string, conversationId: string) {
  const response = await app.request(`/api/memory/conversations/${conversationId}`, { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as ConversationMemory;
}

/** Reads the conversation's memory as the browser does while an answer's facts are still being noted. */
async function settled(app: TestApp, cookie: string, conversationId: string) {
  for (let attempt = 0; attempt < 400; attempt++) {
    const memory = await conversationMemory(app, cookie, conversationId);
    if (Object.values(memory.answers).every((answer) => answer.state !== "pending")) return memory;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("the conversation's facts were never noted");
}

function proposal(...facts: Array<{ statement: string; message: number }>) {
  return { reply: JSON.stringify({ facts: facts.map((fact) => ({ date: null, keyFact: null, ...fact })) }) };
}

describe("learning from a conversation", () => {
  it("proposes the facts of several turns once, after a pause, each under the answer that stated it", async () => {
    const app = await learningApp(0.5);
    const cookie = await owner(app);
    const hired = await ask(app, cookie, "We hired two baristas in March.");
    const { conversationId } = hired;
    const quiet = await ask(app, cookie, "Which channel should I focus on?", conversationId);
    const rent = await ask(app, cookie, "Our rent went up to £2,400 a month.", conversationId);
    await ask(app, cookie, "What should I do next?", conversationId);
    // The conversation goes on: nothing has been asked for facts yet, and the stating turns wait for the pause.
    expect(fake.objectRequests()).toHaveLength(0);
    const waiting = await conversationMemory(app, cookie, conversationId);
    expect(waiting.answers[hired.messageId]?.state).toBe("pending");
    expect(waiting.answers[rent.messageId]?.state).toBe("pending");

    fake.queueObject(
      proposal(
        { statement: "We hired two baristas in March.", message: 1 },
        { statement: "Our rent is £2,400 a month.", message: 2 },
      ),
    );
    const memory = await settled(app, cookie, conversationId);
    const [request, ...more] = fake.objectRequests();
    expect(more).toHaveLength(0);
    const prompt = JSON.stringify(request?.body.messages);
    expect(prompt).toContain("We hired two baristas in March.");
    expect(prompt).toContain("£2,400");
    expect(prompt).not.toContain("Which channel should I focus on?");
    expect(memory.answers[hired.messageId]?.facts.map((fact) => fact.statement)).toEqual([
      "We hired two baristas in March.",
    ]);
    expect(memory.answers[rent.messageId]?.facts.map((fact) => [fact.statement, fact.status])).toEqual([
      ["Our rent is £2,400 a month.", "proposed"],
    ]);
    expect(memory.answers[quiet.messageId]).toBeUndefined();
  });

  it("asks the AI service nothing for turns that state nothing", async () => {
    const app = await learningApp(0);
    const cookie = await owner(app);
    const first = await ask(app, cookie, "Which channel should I focus on?");
    await ask(app, cookie, "How should I plan my week?", first.conversationId);
    expect(await settled(app, cookie, first.conversationId)).toEqual({ answers: {} });
    await app.jobsIdle();
    expect(fake.objectRequests()).toHaveLength(0);
    expect(fake.streamedChatRequests()).toHaveLength(2);
  });

  it("proposes a fact stated in a turn that has no follow-up", async () => {
    const app = await learningApp(0.2);
    const cookie = await owner(app);
    fake.queueObject(proposal({ statement: "Our accountant is Priya at Ledgerly.", message: 1 }));
    const turn = await ask(app, cookie, "Our accountant is Priya at Ledgerly. Should I switch?");
    const memory = await settled(app, cookie, turn.conversationId);
    expect(memory.answers[turn.messageId]?.facts.map((fact) => fact.statement)).toEqual([
      "Our accountant is Priya at Ledgerly.",
    ]);
    expect(fake.objectRequests()).toHaveLength(1);
  });

  it("loses nothing to a restart during the pause, and learns once the owner leaves for a new conversation", async () => {
    const database = await createTestDatabase();
    // The first server process: its stop leaves the database open for the second.
    const first = await learningApp(600, { ...database, close: async () => {} });
    const cookie = await owner(first);
    const stated = await ask(first, cookie, "Our van costs £450 a month to lease.");
    await first.deps.answers.close(0);
    await first.deps.database.close();
    expect(fake.objectRequests()).toHaveLength(0);

    const second = await learningApp(600, database);
    expect((await conversationMemory(second, cookie, stated.conversationId)).answers[stated.messageId]?.state).toBe(
      "pending",
    );
    fake.queueObject(proposal({ statement: "Our van lease is £450 a month.", message: 1 }));
    // "New conversation": the owner leaves this one and asks in the next.
    const cleared = await second.request("/api/chat/finn/clear", { cookie, body: {} });
    expect(cleared.status).toBe(200);
    await ask(second, cookie, "Which channel should I focus on?");
    const memory = await settled(second, cookie, stated.conversationId);
    expect(memory.answers[stated.messageId]?.facts.map((fact) => fact.statement)).toEqual([
      "Our van lease is £450 a month.",
    ]);
    expect(fake.objectRequests()).toHaveLength(1);
    const overview = (await (await second.request("/api/memory", { cookie })).json()) as KnowledgeOverview;
    expect(overview.proposed.map((fact) => fact.statement)).toEqual(["Our van lease is £450 a month."]);
  });
});
