import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AnswerStatusData, ChatHistory } from "../../../shared/chat";
import { CHAT_MESSAGE_MAX_LENGTH } from "../../../shared/constants";
import { emptyOnboardingData } from "../../../shared/onboarding";
import { TRAINING_QUESTIONS } from "../../../shared/training";
import { PERSONAS } from "../../ai/personas";
import {
  businessProfiles,
  contextPieces,
  conversations,
  directorTrainings,
  messages,
  subscriptions,
} from "../../db/schema";
import { streamedText, streamParts } from "../../test/chat-stream";
import { type FakeAiServer, startFakeAiServer } from "../../test/fake-ai-server";
import { createTestApp, type TestApp } from "../../test/test-app";

const DAY_MS = 24 * 60 * 60 * 1000;
const API_KEY = "chat-test-secret-4242";

let fake: FakeAiServer;
beforeEach(async () => {
  fake = await startFakeAiServer();
});
afterEach(async () => {
  await fake.close();
});

/** The app talking to the local fake AI server; EMBEDDING_MODEL=none keeps retrieval to full-text search. */
function chatApp(options: { env?: Record<string, string>; now?: () => Date; logLines?: string[] } = {}) {
  return createTestApp({
    env: {
      AI_BASE_URL: fake.url,
      AI_API_KEY: API_KEY,
      CHAT_MODEL: "test-chat",
      EMBEDDING_MODEL: "none",
      ...options.env,
    },
    now: options.now,
    logLines: options.logLines,
  });
}

const MARTHA_ANSWERS = Object.fromEntries(
  TRAINING_QUESTIONS.martha.map((question, index) => [question.name, `Answer ${index + 1} for ${question.name}`]),
);
MARTHA_ANSWERS.budget = "We spend $800 a month on Instagram ads and $200 on email tools.";

/** A signed-up owner with a plan, a business profile and Martha trained, created straight in the database. */
async function owner(
  app: TestApp,
  options: { plan?: "free-trial" | "standard" | "premium"; trialEndsAt?: Date; train?: boolean } = {},
) {
  const { cookie, user } = await app.signUp();
  const now = app.deps.now();
  const plan = options.plan ?? "premium";
  await app.db.insert(subscriptions).values({
    userId: user.id,
    planId: plan,
    chosenAt: now,
    trialStartedAt: plan === "free-trial" ? now : null,
    trialEndsAt: plan === "free-trial" ? (options.trialEndsAt ?? new Date(now.getTime() + 7 * DAY_MS)) : null,
  });
  await app.db.insert(businessProfiles).values({
    userId: user.id,
    answers: {
      ...emptyOnboardingData(),
      businessName: "Bright Bean Coffee Roasters",
      industry: "Specialty coffee",
      goals: "Grow subscriptions from 300 to 800 by next autumn.",
    },
  });
  if (options.train !== false) {
    await app.db
      .insert(directorTrainings)
      .values({ userId: user.id, directorId: "martha", answers: MARTHA_ANSWERS, trainedAt: now });
  }
  return { cookie, user };
}

async function ask(app: TestApp, cookie: string, text: string, directorId = "martha") {
  return app.request(`/api/chat/${directorId}/messages`, { cookie, body: { text } });
}

async function history(app: TestApp, cookie: string, directorId = "martha"): Promise<ChatHistory> {
  const response = await app.request(`/api/chat/${directorId}`, { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as ChatHistory;
}

/** What the provider was sent for the answer at `index` (titles and other side requests left out). */
function sentMessages(index: number) {
  return fake.streamedChatRequests()[index]?.body.messages as Array<{ role: string; content: string }>;
}

/** Asks and reads the whole streamed answer. */
async function askAndRead(app: TestApp, cookie: string, text: string, directorId = "martha") {
  const response = await ask(app, cookie, text, directorId);
  expect(response.status).toBe(200);
  return streamParts(response);
}

describe("a chat turn", () => {
  it("streams the answer and stores both messages", async () => {
    const app = await chatApp();
    const { cookie } = await owner(app);
    fake.queueChat({ reply: "Focus on **email** first. It converts best for you." });

    const response = await ask(app, cookie, "Which channel should I focus on?");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    expect(response.headers.get("x-vercel-ai-ui-message-stream")).toBe("v1");
    const parts = await streamParts(response);
    expect(streamedText(parts)).toBe("Focus on **email** first. It converts best for you.");
    expect(parts.filter((part) => part.type === "text-delta").length).toBeGreaterThan(1);
    const finish = parts.find((part) => part.type === "finish");
    expect(finish?.messageMetadata).toMatchObject({ status: "complete", errorCode: null });

    const { messages: stored, trained } = await history(app, cookie);
    expect(trained).toBe(true);
    expect(stored).toMatchObject([
      { sender: "user", content: "Which channel should I focus on?", status: "complete" },
      {
        sender: "ai",
        content: "Focus on **email** first. It converts best for you.",
        status: "complete",
        errorCode: null,
      },
    ]);
    expect(finish?.messageMetadata?.messageId).toBe(stored[1]?.id);
    expect(Date.parse(stored[1]?.createdAt ?? "")).toBeGreaterThan(Date.parse(stored[0]?.createdAt ?? ""));
  });

  it("sends the persona, the business profile, the training answers and the question to the provider", async () => {
    const app = await chatApp();
    const { cookie } = await owner(app);
    await (await ask(app, cookie, "How should I split my ad budget?")).text();

    const [request] = fake.chatRequests();
    expect(request?.body.model).toBe("test-chat");
    expect(request?.body.stream).toBe(true);
    expect(request?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    const sent = sentMessages(0);
    expect(sent[0]).toEqual({ role: "system", content: PERSONAS.martha });
    const turn = sent.at(-1);
    expect(turn?.role).toBe("user");
    expect(turn?.content).toMatch(/^Context about my business:\n/);
    expect(turn?.content).toContain("Business name: Bright Bean Coffee Roasters");
    expect(turn?.content).toContain("Grow subscriptions from 300 to 800 by next autumn.");
    expect(turn?.content).toContain("We spend $800 a month on Instagram ads and $200 on email tools.");
    expect(turn?.content).toContain(TRAINING_QUESTIONS.martha[0]?.question);
    expect(turn?.content).toMatch(/\n\nMy question: How should I split my ad budget\?$/);
  });

  it("adds retrieved notes from the owner's other context, never another owner's", async () => {
    const app = await chatApp();
    const { cookie, user } = await owner(app);
    const other = await owner(app);
    await app.db.insert(contextPieces).values([
      { userId: user.id, department: "finn", sourceField: "funding_sources", content: "A bank loan of $40,000 at 6%." },
      { userId: other.user.id, department: "finn", sourceField: "funding_sources", content: "Secret bank loan of $9." },
    ]);
    await (await ask(app, cookie, "Can I afford more ads with the bank loan?")).text();
    const turn = sentMessages(0).at(-1)?.content ?? "";
    expect(turn).toContain("A bank loan of $40,000 at 6%.");
    expect(turn).not.toContain("Secret bank loan");
  });

  it("skips retrieval while the owner has nothing beyond the profile and this director's answers, not after", async () => {
    const app = await chatApp({ env: { EMBEDDING_MODEL: "text-embedding-3-small" } });
    const { cookie, user } = await owner(app);
    await app.db
      .insert(contextPieces)
      .values({ userId: user.id, department: "martha", sourceField: "budget", content: "Sent whole anyway." });
    await (await ask(app, cookie, "Where should the loan go?")).text();
    await (await ask(app, cookie, "And in winter?")).text();
    // Nothing to search: no embedding is asked for, neither the question's nor its follow-up wording's.
    expect(fake.embeddingRequests()).toEqual([]);

    await app.db.insert(contextPieces).values({
      userId: user.id,
      department: "finn",
      sourceField: "funding_sources",
      content: "A bank loan of $40,000 at 6%.",
    });
    await (await ask(app, cookie, "And the bank loan?")).text();
    expect(sentMessages(2).at(-1)?.content).toContain("A bank loan of $40,000 at 6%.");
    // The question's and the follow-up wording's, in one request, once the state said there was something to search.
    expect(fake.embeddingRequests().map((request) => request.body.input)).toEqual([
      ["And the bank loan?", "Where should the loan go? And in winter? And the bank loan?"],
    ]);

    // The next question's follow-up wording is read from this conversation's latest questions: both in one request,
    // and the search still finds the loan.
    await (await ask(app, cookie, "And next year?")).text();
    expect(
      fake
        .embeddingRequests()
        .slice(1)
        .map((request) => request.body.input),
    ).toEqual([["And next year?", "And in winter? And the bank loan? And next year?"]]);
    expect(sentMessages(3).at(-1)?.content).toContain("A bank loan of $40,000 at 6%.");
  });

  it("leaves the context out when the context feature is off", async () => {
    const app = await chatApp({ env: { CONTEXT_ENABLED: "false" } });
    const { cookie } = await owner(app);
    await (await ask(app, cookie, "Hello?")).text();
    expect(sentMessages(0).at(-1)).toEqual({ role: "user", content: "My question: Hello?" });
  });

  it("still answers, from the profile and answers, when retrieval cannot embed the question", async () => {
    const app = await chatApp({ env: { EMBEDDING_MODEL: "text-embedding-3-small" } });
    const { cookie } = await owner(app);
    fake.queueEmbeddings({ fail: { status: 500 } }, { fail: { status: 500 } });
    const response = await ask(app, cookie, "What should I post this week?");
    expect(response.status).toBe(200);
    expect(streamedText(await streamParts(response))).toContain("What should I post this week?");
    expect(sentMessages(0).at(-1)?.content).toContain("Bright Bean Coffee Roasters");
  });

  it("keeps the history in order and sends it with the next question", async () => {
    const app = await chatApp();
    const { cookie } = await owner(app);
    fake.queueChat({ reply: "First answer." }, { reply: "Second answer." }, { reply: "Third answer." });
    for (const question of ["First question?", "Second question?", "Third question?"]) {
      await (await ask(app, cookie, question)).text();
    }
    const { messages: stored } = await history(app, cookie);
    expect(stored.map((message) => `${message.sender}: ${message.content}`)).toEqual([
      "user: First question?",
      "ai: First answer.",
      "user: Second question?",
      "ai: Second answer.",
      "user: Third question?",
      "ai: Third answer.",
    ]);
    const third = sentMessages(2);
    expect(third.slice(1, -1)).toEqual([
      { role: "user", content: "First question?" },
      { role: "assistant", content: "First answer." },
      { role: "user", content: "Second question?" },
      { role: "assistant", content: "Second answer." },
    ]);
    expect(third.at(-1)?.content).toContain("My question: Third question?");
  });

  it("keeps the key on the server, and logs where the first token's time went without the owner's words", async () => {
    const logLines: string[] = [];
    const app = await chatApp({ env: { LOG_LEVEL: "debug" }, logLines });
    const { cookie, user } = await owner(app);
    await app.db.insert(contextPieces).values({
      userId: user.id,
      department: "finn",
      sourceField: "funding_sources",
      content: "A loan from Zephyr Bank.",
    });
    fake.queueChat({ reply: "Ask Quillfeather about it." });
    // A client's own request id (the bench's) names the turn's log lines.
    const response = await app.request("/api/chat/martha/messages", {
      cookie,
      body: { text: "Should I borrow from Zephyr Bank?" },
      headers: { "x-request-id": "turn-4242" },
    });
    const streamed = await response.text();
    const listed = await (await app.request("/api/chat/martha", { cookie })).text();
    expect(streamed + listed).not.toContain(API_KEY);

    const logged = logLines.join("");
    const line = logLines.map((text) => JSON.parse(text)).find((entry) => entry.msg === "chat first token");
    const { messages: stored } = await history(app, cookie);
    expect(line).toMatchObject({ requestId: "turn-4242", answerId: stored[1]?.id });
    expect(line).toMatchObject({ historyMessages: 0, contextBlocks: expect.any(Number) });
    const { firstTokenMs, beforeProviderMs, providerMs, afterProviderMs } = line;
    for (const duration of [firstTokenMs, beforeProviderMs, providerMs, afterProviderMs]) {
      expect(duration).toBeGreaterThanOrEqual(0);
    }
    expect(beforeProviderMs + providerMs + afterProviderMs).toBeCloseTo(firstTokenMs, 1);
    for (const words of ["Zephyr", "borrow", "Quillfeather", "Bright Bean", "Instagram"]) {
      expect(logged).not.toContain(words);
    }
  });
});

describe("clearing a conversation", () => {
  it("starts a new conversation and keeps the old one in the history", async () => {
    const app = await chatApp();
    const { cookie, user } = await owner(app);
    // The model cannot name it, so the title stays the question's first words.
    fake.queueCompletion({ fail: { status: 400 } });
    await (await ask(app, cookie, "Before clearing?")).text();
    const before = (await history(app, cookie)).conversation;
    expect(before?.title).toBe("Before clearing?");

    const cleared = await app.request("/api/chat/martha/clear", { cookie, body: {} });
    expect(cleared.status).toBe(200);
    expect((await history(app, cookie)).messages).toEqual([]);

    await (await ask(app, cookie, "After clearing?")).text();
    expect(sentMessages(1).slice(1, -1)).toEqual([]);
    expect((await history(app, cookie)).messages.map((message) => message.content)).toEqual([
      "After clearing?",
      expect.stringContaining("After clearing?"),
    ]);

    const rows = await app.db.select().from(conversations).where(eq(conversations.userId, user.id));
    expect(rows).toHaveLength(2);
    expect(rows.filter((row) => row.clearedAt !== null)).toHaveLength(1);
    // The earlier conversation is kept in the history and opens again.
    const list = (await (await app.request("/api/conversations", { cookie })).json()) as {
      conversations: Array<{ id: string; title: string }>;
    };
    expect(list.conversations).toHaveLength(2);
    expect(list.conversations[1]?.id).toBe(before?.id);
    const earlier = await app.request(`/api/chat/martha?conversation=${before?.id}`, { cookie });
    expect(((await earlier.json()) as ChatHistory).messages.map((message) => message.content)).toEqual([
      "Before clearing?",
      expect.stringContaining("Before clearing?"),
    ]);
  });
});

describe("who can chat", () => {
  it("keeps every owner's conversations to themselves", async () => {
    const app = await chatApp();
    const alice = await owner(app);
    const bob = await owner(app);
    await (await ask(app, alice.cookie, "Alice's private question")).text();

    expect((await history(app, bob.cookie)).messages).toEqual([]);
    await app.request("/api/chat/martha/clear", { cookie: bob.cookie, body: {} });
    expect((await history(app, alice.cookie)).messages).toHaveLength(2);

    await (await ask(app, bob.cookie, "Bob's question")).text();
    expect(JSON.stringify(sentMessages(1))).not.toContain("Alice's private question");
    // Alice's conversation id gets Bob nowhere: not as his conversation, not to send into.
    const aliceConversation = (await history(app, alice.cookie)).conversation?.id;
    expect(aliceConversation).toBeDefined();
    const peek = await app.request(`/api/chat/martha?conversation=${aliceConversation}`, { cookie: bob.cookie });
    expect(peek.status).toBe(404);
    const intrude = await app.request("/api/chat/martha/messages", {
      cookie: bob.cookie,
      body: { text: "Let me in", conversationId: aliceConversation },
    });
    expect(intrude.status).toBe(404);
    expect(await intrude.json()).toMatchObject({ error: { code: "not_found:conversation" } });
  });

  it("needs a session", async () => {
    const app = await chatApp();
    for (const [path, method] of [
      ["/api/chat/martha", "GET"],
      ["/api/chat/martha/clear", "POST"],
    ] as const) {
      const response = await app.request(path, { method, body: method === "GET" ? undefined : {} });
      expect(response.status).toBe(401);
    }
    const response = await app.request("/api/chat/martha/messages", { body: { text: "Hi" } });
    expect(response.status).toBe(401);
    expect(fake.chatRequests()).toHaveLength(0);
  });

  it("refuses an unknown director, a director this server does not offer, and a missing plan", async () => {
    const app = await chatApp();
    const { cookie } = await owner(app);
    const unknown = await ask(app, cookie, "Hi", "zed");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: { code: "not_found:director", message: "Failed to load director data. Please try again." },
    });
    const sam = await ask(app, cookie, "Hi", "sam");
    expect(sam.status).toBe(403);
    expect(await sam.json()).toMatchObject({ error: { code: "director:unavailable" } });

    const newcomer = await app.signUp();
    const noPlan = await ask(app, newcomer.cookie, "Hi");
    expect(noPlan.status).toBe(402);
    expect(await noPlan.json()).toMatchObject({ error: { code: "plan:required" } });
    expect(fake.chatRequests()).toHaveLength(0);
  });

  it("refuses with plan:trial_ended once the trial is over", async () => {
    let now = new Date("2026-03-01T10:00:00Z");
    const app = await chatApp({ now: () => now });
    const { cookie } = await owner(app, { plan: "free-trial" });
    await askAndRead(app, cookie, "During the trial");
    now = new Date(now.getTime() + 8 * DAY_MS);
    const response = await ask(app, cookie, "After the trial");
    expect(response.status).toBe(402);
    expect(await response.json()).toMatchObject({ error: { code: "plan:trial_ended" } });
    expect((await app.request("/api/chat/martha", { cookie })).status).toBe(402);
  });

  it("refuses a director beyond the plan's count", async () => {
    const app = await chatApp();
    const { cookie } = await owner(app, { plan: "standard" });
    const response = await ask(app, cookie, "Hi", "finn");
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: "plan:director_limit" } });
  });

  it("validates the text: not blank, at most 4,000 characters", async () => {
    const app = await chatApp();
    const { cookie } = await owner(app);
    for (const text of ["   ", "x".repeat(CHAT_MESSAGE_MAX_LENGTH + 1)]) {
      const response = await ask(app, cookie, text);
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: { code: string; fields: Record<string, string> } };
      expect(body.error.code).toBe("validation:chat");
      expect(body.error.fields.text).toBeTruthy();
    }
    const missing = await app.request("/api/chat/martha/messages", { cookie, body: {} });
    expect(missing.status).toBe(400);
    await askAndRead(app, cookie, "x".repeat(CHAT_MESSAGE_MAX_LENGTH));
    expect(fake.streamedChatRequests()).toHaveLength(1);
  });

  it("limits chat turns per owner per minute", async () => {
    const app = await chatApp({ env: { CHAT_RATE_LIMIT_PER_MINUTE: "2" } });
    const { cookie } = await owner(app);
    const other = await owner(app);
    await askAndRead(app, cookie, "One");
    await askAndRead(app, cookie, "Two");
    const third = await ask(app, cookie, "Three");
    expect(third.status).toBe(429);
    expect(await third.json()).toEqual({
      error: {
        code: "rate_limit:chat",
        message: "You are sending messages very quickly. Please wait a minute and try again.",
      },
    });
    // Refused before the AI service is asked.
    expect(fake.streamedChatRequests()).toHaveLength(2);
    await askAndRead(app, other.cookie, "Someone else");
  });
});

describe("when the question cannot be stored", () => {
  it("refuses the turn with the server's error, stores nothing and leaves no request to the AI service open", async () => {
    const app = await chatApp();
    const { cookie } = await owner(app);
    await app.db.execute(sql`create function refuse_questions() returns trigger language plpgsql as $$
      begin raise exception 'questions cannot be stored'; end $$`);
    await app.db.execute(
      sql`create trigger refuse_questions before insert on messages for each row execute function refuse_questions()`,
    );
    // The model is asked while the question is stored; a slow first token keeps its request open unless withdrawn.
    fake.route = (request) =>
      JSON.stringify(request.body.messages).includes("Will this be kept?")
        ? { reply: "Never seen.", firstTokenDelayMs: 60_000 }
        : undefined;

    const response = await ask(app, cookie, "Will this be kept?");
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ error: { code: "server:internal" } });
    expect((await history(app, cookie)).messages).toEqual([]);
    await expect
      .poll(() => fake.streamedChatRequests().every((request) => request.closedAt !== undefined), { timeout: 10_000 })
      .toBe(true);

    await app.db.execute(sql`drop trigger refuse_questions on messages`);
    expect(streamedText(await askAndRead(app, cookie, "And now?"))).toContain("And now?");
  });
});

describe("when the AI provider fails", () => {
  it("retries a 429 before the first token and then answers", async () => {
    const app = await chatApp();
    const { cookie } = await owner(app);
    fake.queueChat({ fail: { status: 429 } }, { fail: { status: 503 } }, { reply: "Third time lucky." });
    const response = await ask(app, cookie, "Are you there?");
    expect(response.status).toBe(200);
    expect(streamedText(await streamParts(response))).toBe("Third time lucky.");
    expect(fake.streamedChatRequests()).toHaveLength(3);
    expect((await history(app, cookie)).messages.at(-1)).toMatchObject({ status: "complete", errorCode: null });
  });

  it("does not retry a 400, quota or timeout; streams the error and stores the answer as failed", async () => {
    // Long enough that a loaded machine does not turn the 400 or the quota refusal into a timeout.
    const app = await chatApp({ env: { CHAT_FIRST_TOKEN_TIMEOUT_MS: "1200" } });
    const { cookie } = await owner(app);
    const cases = [
      { script: { fail: { status: 400 } }, code: "ai:unavailable", requests: 1 },
      { script: { fail: { status: 429, code: "insufficient_quota" } }, code: "ai:unavailable", requests: 1 },
      { script: { reply: "Too late.", firstTokenDelayMs: 5000 }, code: "ai:timeout", requests: 1 },
    ] as const;
    for (const [index, { script, code, requests }] of cases.entries()) {
      const before = fake.streamedChatRequests().length;
      fake.queueChat(script);
      const parts = await askAndRead(app, cookie, `Failing ${index}?`);
      // The answer starts at once (its id and status), so the failure arrives in the stream.
      expect(parts[0]).toMatchObject({ type: "start", messageMetadata: { status: "streaming" } });
      expect(parts.find((part) => part.type === "data-status")).toMatchObject({ data: { phase: "reading" } });
      expect(parts.at(-1)).toEqual({ type: "error", errorText: code });
      expect(fake.streamedChatRequests().length - before).toBe(requests);
      expect((await history(app, cookie)).messages.slice(-2)).toMatchObject([
        { sender: "user", content: `Failing ${index}?`, status: "complete" },
        { sender: "ai", content: "", status: "failed", errorCode: code },
      ]);
    }
  });

  it("says the AI service is slow when the first token is late, then answers", async () => {
    const app = await chatApp({ env: { CHAT_FIRST_TOKEN_TIMEOUT_MS: "3000" } });
    const { cookie } = await owner(app);
    fake.queueChat({ reply: "Sorry for the wait.", firstTokenDelayMs: 1500 });
    const parts = await askAndRead(app, cookie, "Slow today?");
    expect(parts.filter((part) => part.type === "data-status").map((part) => part.data)).toEqual([
      { phase: "reading" },
      { phase: "slow" },
    ]);
    expect(streamedText(parts)).toBe("Sorry for the wait.");
  });

  it("says the AI service is busy while it retries, and stores ai:rate_limit when the retries run out", async () => {
    const app = await chatApp();
    const { cookie } = await owner(app);
    fake.queueChat(...Array.from({ length: 7 }, () => ({ fail: { status: 429 } })));
    const parts = await askAndRead(app, cookie, "Busy?");
    // Each of the six retries is announced with how long until it: the browser counts it down.
    const statuses = parts.filter((part) => part.type === "data-status").map((part) => part.data as AnswerStatusData);
    expect(statuses[0]).toEqual({ phase: "reading" });
    expect(statuses.slice(1)).toHaveLength(6);
    for (const status of statuses.slice(1)) {
      expect(status).toEqual({ phase: "busy", retryInMs: expect.any(Number) });
      expect(status.retryInMs).toBeGreaterThan(0);
    }
    expect(parts.at(-1)).toEqual({ type: "error", errorText: "ai:rate_limit" });
    expect(fake.streamedChatRequests()).toHaveLength(7);
    expect((await history(app, cookie)).messages.at(-1)).toMatchObject({
      status: "failed",
      errorCode: "ai:rate_limit",
    });
  });

  it("marks a cut stream as failed, keeps what arrived, and sends an error part", async () => {
    const app = await chatApp();
    const { cookie } = await owner(app);
    fake.queueChat({ reply: "One two three four five six.", cutAfterChunks: 3 });
    const response = await ask(app, cookie, "Cut?");
    expect(response.status).toBe(200);
    const parts = await streamParts(response);
    expect(streamedText(parts)).toBe("One two three ");
    expect(parts.at(-1)).toEqual({ type: "error", errorText: "ai:unavailable" });
    expect((await history(app, cookie)).messages.at(-1)).toMatchObject({
      sender: "ai",
      content: "One two three ",
      status: "failed",
      errorCode: "ai:unavailable",
    });
  });

  it("answers a failed turn again on retry, in place of the failed answer", async () => {
    const app = await chatApp();
    const { cookie } = await owner(app);
    fake.queueChat({ fail: { status: 400 } }, { reply: "Now it works." });
    await askAndRead(app, cookie, "Try me");

    const retried = await app.request("/api/chat/martha/messages", { cookie, body: { retry: true } });
    expect(retried.status).toBe(200);
    expect(streamedText(await streamParts(retried))).toBe("Now it works.");
    expect(sentMessages(1).at(-1)?.content).toContain("My question: Try me");
    const { messages: stored } = await history(app, cookie);
    expect(stored).toMatchObject([
      { sender: "user", content: "Try me" },
      { sender: "ai", content: "Now it works.", status: "complete", errorCode: null },
    ]);
    expect(stored[1]?.versions).toBeUndefined();

    const newcomer = await owner(app);
    const nothingToRetry = await app.request("/api/chat/martha/messages", {
      cookie: newcomer.cookie,
      body: { retry: true },
    });
    expect(nothingToRetry.status).toBe(400);
  });

  it("finishes and stores the answer when the browser goes away; only Stop ends it early", async () => {
    const app = await chatApp();
    const { cookie, user } = await owner(app);
    const reply = "word ".repeat(60).trim();
    fake.queueChat({ reply, chunkDelayMs: 5 }, { reply: "word ".repeat(400), chunkDelayMs: 20 });
    const storedAnswer = async () =>
      (
        await app.db
          .select()
          .from(messages)
          .where(and(eq(messages.userId, user.id), eq(messages.sender, "ai")))
          .orderBy(messages.createdAt)
      ).at(-1);
    const until = async (check: (row: Awaited<ReturnType<typeof storedAnswer>>) => boolean) => {
      for (let tries = 0; tries < 300; tries++) {
        const row = await storedAnswer();
        if (check(row)) return row;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error("the answer never got there");
    };

    // The browser reads two parts and leaves.
    const leaving = new AbortController();
    const first = await app.app.request("/api/chat/martha/messages", {
      method: "POST",
      headers: { cookie, "content-type": "application/json", origin: app.env.APP_URL },
      body: JSON.stringify({ text: "Keep going without me" }),
      signal: leaving.signal,
    });
    const reader = first.body?.getReader();
    await reader?.read();
    await reader?.read();
    leaving.abort();
    await reader?.cancel().catch(() => {});
    const finished = await until((row) => row?.status === "complete");
    expect(finished?.content).toBe(reply);

    // Stop, from any request, ends the answer being written with the text so far.
    const second = await ask(app, cookie, "Stop me");
    const parts = second.body?.getReader();
    const start = JSON.parse(
      new TextDecoder()
        .decode((await parts?.read())?.value)
        .slice(6)
        .split("\n")[0] ?? "",
    );
    const answerId = start.messageId as string;
    await until((row) => row?.id === answerId && row.content.length > 0);
    const stop = await app.request(`/api/messages/${answerId}/stop`, { cookie, method: "POST", body: {} });
    expect(stop.status).toBe(200);
    const stopped = await until((row) => row?.id === answerId && row.status === "stopped");
    expect(stopped?.errorCode).toBeNull();
    expect(stopped?.content.length).toBeGreaterThan(0);
    expect(stopped?.content.length).toBeLessThan("word ".repeat(400).length);
    await parts?.cancel();
  });
});

describe("without an AI provider", () => {
  it("answers with the canned reply and stores it", async () => {
    const app = await createTestApp();
    const { cookie } = await owner(app);
    const response = await ask(app, cookie, "Anyone there?");
    expect(response.status).toBe(200);
    const text = streamedText(await streamParts(response));
    expect(text).toBe(
      "Martha has no AI assistant configured yet. Please try again later. Your answers are saved and will be used as soon as an AI service is connected.",
    );
    // Server settings are for the operator (README, start-up log), not the owner's chat.
    expect(text).not.toContain("AI_API_KEY");
    expect((await history(app, cookie)).messages).toMatchObject([
      { sender: "user", content: "Anyone there?" },
      { sender: "ai", content: text, status: "complete", errorCode: "ai:not_configured" },
    ]);
  });
});
