import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ChatHistory } from "../../../shared/chat";
import type { DirectorListResponse } from "../../../shared/director-states";
import type { DirectorId } from "../../../shared/directors";
import type { DirectorKnowledge } from "../../../shared/key-fact-status";
import type { ConversationMemory, KnowledgeOverview, RememberedFact } from "../../../shared/memory";
import { directorTrainings } from "../../db/schema";
import { streamParts } from "../../test/chat-stream";
import { makePdf } from "../../test/document-fixtures";
import { type FakeAiServer, startFakeAiServer } from "../../test/fake-ai-server";
import { answersFor, givePlan } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/test-app";

const DAY_MS = 24 * 60 * 60 * 1000;

let fake: FakeAiServer;
beforeEach(async () => {
  fake = await startFakeAiServer();
});
afterEach(async () => {
  await fake.close();
});

/** A clock the test moves; the app reads it for every "now". */
function clock(start = "2026-04-20T10:00:00.000Z") {
  let now = new Date(start);
  return { now: () => now, advance: (ms: number) => (now = new Date(now.getTime() + ms)) };
}

/** The app; it learns from a conversation right after an answer that states something, with no pause to wait for. */
function memoryApp(options: { env?: Record<string, string>; now?: () => Date } = {}) {
  return createTestApp({
    env: {
      AI_BASE_URL: fake.url,
      AI_API_KEY: "memory-test-key",
      CHAT_MODEL: "test-chat",
      EMBEDDING_MODEL: "none",
      LEARNING_PAUSE_SECONDS: "0",
    },
    ...options,
  });
}

/** A signed-up owner on the premium plan with the test profile and Finn and Martha trained. */
async function owner(app: TestApp) {
  const { cookie, user } = await app.signUp();
  await givePlan(app.deps, user.id, "premium");
  const trainedAt = app.deps.now();
  await app.db.insert(directorTrainings).values([
    { userId: user.id, directorId: "finn", answers: answersFor("finn"), trainedAt },
    { userId: user.id, directorId: "martha", answers: answersFor("martha"), trainedAt },
  ]);
  return { cookie, user };
}

/** Asks a director, reads the whole answer and waits until the server has looked at the turn for facts. */
async function askAndSettle(app: TestApp, cookie: string, text: string, directorId: DirectorId = "finn") {
  const response = await app.request(`/api/chat/${directorId}/messages`, { cookie, body: { text } });
  expect(response.status).toBe(200);
  const { conversationId, messageId } = await finishOf(response);
  for (let attempt = 0; attempt < 200; attempt++) {
    const memory = await conversationMemory(app, cookie, conversationId);
    if (memory.answers[messageId]?.state !== "pending") return { conversationId, messageId, memory };
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("the answer's facts were never noted");
}

/** The stored ids a streamed answer ends with. */
async function finishOf(response: Response) {
  const finish = (await streamParts(response)).find((part) => part.type === "finish");
  return (finish?.messageMetadata ?? {}) as { conversationId: string; messageId: string };
}

async function conversationMemory(app: TestApp, cookie: string, conversationId: string) {
  const response = await app.request(`/api/memory/conversations/${conversationId}`, { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as ConversationMemory;
}

async function overview(app: TestApp, cookie: string) {
  const response = await app.request("/api/memory", { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as KnowledgeOverview;
}

/** The owner's turn of the latest answer the provider was asked for. */
function lastPrompt(): string {
  const messages = fake.streamedChatRequests().at(-1)?.body.messages as Array<{ content: string }>;
  return messages.at(-1)?.content ?? "";
}

function proposal(...facts: Array<{ statement: string; date?: string | null; keyFact?: string | null }>) {
  return { reply: JSON.stringify({ facts: facts.map((fact) => ({ date: null, keyFact: null, ...fact })) }) };
}

describe("facts noted from a conversation", () => {
  it("proposes what the owner said under the answer; Keep puts it in the next prompt, Dismiss never", async () => {
    const time = clock();
    const app = await memoryApp({ now: time.now });
    const { cookie } = await owner(app);
    fake.queueObject(
      proposal(
        { statement: "We hired two mechanics in March.", date: "2026-03-01" },
        { statement: "April revenue was £38k.", date: "2026-04-01", keyFact: "monthly_revenue" },
        { statement: "We dropped the Facebook ads." },
        // The same fact twice, a blank one and one with a made-up key fact and date are cleaned up.
        { statement: "we hired two mechanics in march" },
        { statement: "  " },
      ),
    );
    const turn = await askAndSettle(
      app,
      cookie,
      "We hired two mechanics in March and April revenue was £38k. What now?",
    );

    // The extraction call asked for JSON against a schema, with the owner's words in it.
    const [extraction] = fake.objectRequests();
    expect(extraction?.body.stream).toBeFalsy();
    expect(extraction?.body.response_format).toMatchObject({ type: "json_schema" });
    expect(JSON.stringify(extraction?.body.messages)).toContain("April revenue was £38k");

    const noted = turn.memory.answers[turn.messageId];
    expect(noted?.state).toBe("done");
    // Newest first; a fact without a date of its own is dated by the turn.
    expect(noted?.facts.map((fact) => [fact.statement, fact.date, fact.status, fact.keyFact])).toEqual([
      ["We dropped the Facebook ads.", "2026-04-20", "proposed", null],
      ["April revenue was £38k.", "2026-04-01", "proposed", "monthly_revenue"],
      ["We hired two mechanics in March.", "2026-03-01", "proposed", null],
    ]);
    expect(noted?.facts[0]?.source).toMatchObject({ conversationId: turn.conversationId, messageId: turn.messageId });
    expect(noted?.facts[0]?.directorId).toBe("finn");
    // Proposed is not remembered: the next prompt has none of them.
    await askAndSettle(app, cookie, "Anything else?");
    expect(lastPrompt()).not.toContain("mechanics");
    expect(lastPrompt()).not.toContain("£38k");

    const [facebook, revenue, mechanics] = noted?.facts ?? [];
    const keep = await app.request(`/api/memory/facts/${mechanics?.id}`, {
      method: "PATCH",
      cookie,
      body: { status: "kept" },
    });
    expect(keep.status).toBe(200);
    expect(((await keep.json()) as RememberedFact).status).toBe("kept");
    // Edit under the answer keeps it with the owner's words.
    const edited = await app.request(`/api/memory/facts/${revenue?.id}`, {
      method: "PATCH",
      cookie,
      body: { status: "kept", statement: "April revenue was £38,400." },
    });
    expect(edited.status).toBe(200);
    const dismiss = await app.request(`/api/memory/facts/${facebook?.id}`, {
      method: "PATCH",
      cookie,
      body: { status: "dismissed" },
    });
    expect(dismiss.status).toBe(200);

    // Kept facts reach every director from the next answer on, dated, newest first; the dismissed one never does.
    time.advance(60_000);
    await askAndSettle(app, cookie, "How should I plan ads?", "martha");
    const prompt = lastPrompt();
    expect(prompt).toContain("Today is 2026-04-20.");
    expect(prompt).toMatch(/\[\d+\] What you told Finn, 2026-04-01: April revenue was £38,400\./);
    expect(prompt).toMatch(/\[\d+\] What you told Finn, 2026-03-01: We hired two mechanics in March\./);
    expect(prompt.indexOf("£38,400")).toBeLessThan(prompt.indexOf("mechanics"));
    expect(prompt).not.toContain("We dropped the Facebook ads");

    // Under the answer the dismissed fact is gone; Finn now knows its monthly revenue.
    const after = await conversationMemory(app, cookie, turn.conversationId);
    expect(after.answers[turn.messageId]?.facts.map((fact) => fact.status)).toEqual(["kept", "kept"]);
    const finn = (await overview(app, cookie)).directors.find((director) => director.directorId === "finn");
    expect(finn?.facts.find((fact) => fact.id === "monthly_revenue")?.status).toBe("known");

    // Martha's answer keeps the facts it was given; once the owner edits one and deletes the other, it says so.
    const memorySources = async () => {
      const history = (await (await app.request("/api/chat/martha", { cookie })).json()) as ChatHistory;
      return history.messages.at(-1)?.sources?.filter((source) => source.kind === "memory") ?? [];
    };
    expect((await memorySources()).map((source) => [source.excerpt, source.state])).toEqual([
      ["April revenue was £38,400.", "current"],
      ["We hired two mechanics in March.", "current"],
    ]);
    const changed = await app.request(`/api/memory/facts/${revenue?.id}`, {
      method: "PATCH",
      cookie,
      body: { statement: "April revenue was £38,900." },
    });
    expect(changed.status).toBe(200);
    const removed = await app.request(`/api/memory/facts/${mechanics?.id}`, { method: "DELETE", cookie, body: {} });
    expect(removed.status).toBe(200);
    expect((await memorySources()).map((source) => [source.excerpt, source.state])).toEqual([
      ["April revenue was £38,400.", "changed"],
      ["We hired two mechanics in March.", "removed"],
    ]);
  });

  it("keeps automatically when the owner chose so, and a fact can be kept for its director only", async () => {
    const app = await memoryApp();
    const { cookie } = await owner(app);
    const setting = await app.request("/api/memory/settings", {
      method: "PUT",
      cookie,
      body: { keepAutomatically: true },
    });
    expect(setting.status).toBe(200);
    expect((await overview(app, cookie)).keepAutomatically).toBe(true);

    fake.queueObject(proposal({ statement: "Our accountant is Priya at Ledgerly." }));
    const turn = await askAndSettle(app, cookie, "Our accountant is Priya at Ledgerly. Should I switch?");
    const [fact] = turn.memory.answers[turn.messageId]?.facts ?? [];
    expect(fact?.status).toBe("kept");
    await askAndSettle(app, cookie, "And taxes?");
    expect(lastPrompt()).toMatch(/What you told Finn, \d{4}-\d{2}-\d{2}: Our accountant is Priya at Ledgerly\./);

    // Only for Finn: Martha no longer hears it, Finn still does.
    await app.request(`/api/memory/facts/${fact?.id}`, { method: "PATCH", cookie, body: { onlyDirector: true } });
    await askAndSettle(app, cookie, "Plan my posts", "martha");
    expect(lastPrompt()).not.toContain("Priya");
    await askAndSettle(app, cookie, "Plan my cash", "finn");
    expect(lastPrompt()).toContain("Priya");
  });

  it("notes nothing from a reply that is not the asked-for object, tries again when the AI service fails, and logs none of the owner's words", async () => {
    const logLines: string[] = [];
    const app = await createTestApp({
      env: {
        AI_BASE_URL: fake.url,
        AI_API_KEY: "memory-test-key",
        CHAT_MODEL: "test-chat",
        EMBEDDING_MODEL: "none",
        LEARNING_PAUSE_SECONDS: "0",
        LOG_LEVEL: "warn",
      },
      logLines,
    });
    const { cookie } = await owner(app);
    fake.queueObject({ reply: '{"facts": [{"statement": "Our secret supplier is Zephyr Beans"' });
    const turn = await askAndSettle(app, cookie, "Our secret supplier is Zephyr Beans. Can I trust them?");
    expect(turn.memory.answers[turn.messageId]).toBeUndefined();
    expect((await overview(app, cookie)).proposed).toEqual([]);
    expect(logLines.join("\n")).toContain("facts could not be noted from an answer");

    // The AI service failing is tried again by the job, and the facts arrive.
    fake.queueObject({ fail: { status: 500 } }, proposal({ statement: "Zephyr Beans deliver on Mondays." }));
    const retried = await askAndSettle(app, cookie, "Zephyr Beans deliver on Mondays. Is that a problem?");
    expect(retried.memory.answers[retried.messageId]?.facts.map((fact) => fact.statement)).toEqual([
      "Zephyr Beans deliver on Mondays.",
    ]);
    expect(fake.objectRequests()).toHaveLength(3);
    expect(logLines.join("\n")).not.toContain("Zephyr");
  });
});

describe("What your directors know", () => {
  it("adds, edits and deletes facts by hand, each taking effect in the next prompt, for this owner only", async () => {
    const app = await memoryApp();
    const { cookie } = await owner(app);
    const other = await owner(app);

    // Bad input gets a message under its field; nothing is stored.
    for (const [body, field] of [
      [{ statement: " " }, "statement"],
      [{ statement: "Null \u0000 byte" }, "statement"],
      [{ statement: "We open on Sundays", date: "2026-02-30" }, "date"],
      [{ statement: "We open on Sundays", directorId: "zoe" }, "directorId"],
    ] as const) {
      const refused = await app.request("/api/memory/facts", { cookie, body });
      expect(refused.status).toBe(400);
      const error = ((await refused.json()) as { error: { code: string; fields: Record<string, string> } }).error;
      expect(error.code).toBe("validation:memory");
      expect(error.fields[field]).toBeTruthy();
    }

    const added = await app.request("/api/memory/facts", {
      cookie,
      body: { statement: "We close every August for two weeks.", date: "2026-01-15" },
    });
    expect(added.status).toBe(201);
    const fact = (await added.json()) as RememberedFact;
    expect(fact).toMatchObject({ origin: "owner", status: "kept", directorId: null, source: null });
    await askAndSettle(app, cookie, "When should I run a sale?", "martha");
    expect(lastPrompt()).toContain("What you told us, 2026-01-15: We close every August for two weeks.");

    const edit = await app.request(`/api/memory/facts/${fact.id}`, {
      method: "PATCH",
      cookie,
      body: { statement: "We close every August for three weeks.", date: "2026-02-01" },
    });
    expect(edit.status).toBe(200);
    await askAndSettle(app, cookie, "And in summer?", "martha");
    expect(lastPrompt()).toContain("What you told us, 2026-02-01: We close every August for three weeks.");
    expect(lastPrompt()).not.toContain("two weeks");

    // Another owner can neither see, change nor delete it, and never hears it.
    expect((await overview(app, other.cookie)).facts).toEqual([]);
    for (const method of ["PATCH", "DELETE"]) {
      const response = await app.request(`/api/memory/facts/${fact.id}`, {
        method,
        cookie: other.cookie,
        body: method === "PATCH" ? { statement: "Stolen" } : {},
      });
      expect(response.status).toBe(404);
    }
    await askAndSettle(app, other.cookie, "When should I run a sale?", "martha");
    expect(lastPrompt()).not.toContain("August");

    expect((await overview(app, cookie)).facts.map((item) => item.statement)).toEqual([
      "We close every August for three weeks.",
    ]);
    const deleted = await app.request(`/api/memory/facts/${fact.id}`, { method: "DELETE", cookie, body: {} });
    expect(deleted.status).toBe(200);
    await askAndSettle(app, cookie, "And in autumn?", "martha");
    expect(lastPrompt()).not.toContain("August");
    expect((await overview(app, cookie)).facts).toEqual([]);
  });
});

describe("key facts", () => {
  it("asks for a missing key fact in one tap, counts it once answered, hides the ask for a week, flags stale facts", async () => {
    const time = clock();
    const app = await memoryApp({ now: time.now });
    const { cookie } = await owner(app);
    const knowledgeOf = async (id: DirectorId) => {
      const response = await app.request("/api/directors", { cookie });
      const list = (await response.json()) as DirectorListResponse;
      return list.directors.find((director) => director.id === id)?.knowledge as DirectorKnowledge;
    };
    const finnBefore = await knowledgeOf("finn");
    expect(finnBefore.total).toBe(14);
    expect(finnBefore.known).toBe(10);
    expect(finnBefore.facts.filter((fact) => fact.status === "missing").map((fact) => fact.label)).toEqual([
      "Monthly revenue",
      "Gross margin",
      "Cash in the bank",
      "Monthly burn",
    ]);
    // An untrained director counts what the profile covers; one the server does not offer shows nothing.
    expect((await knowledgeOf("ollie")).known).toBe(2);
    expect(await knowledgeOf("sam")).toBeNull();

    // A question about margins: Finn answers, then asks for the gross margin under the answer.
    const turn = await askAndSettle(app, cookie, "Are my prices high enough for a healthy margin?");
    expect(turn.memory.answers[turn.messageId]?.ask).toEqual({
      keyFact: "gross_margin",
      label: "Gross margin",
      question: "What is your gross margin, roughly?",
      placeholder: "e.g. About 40%",
    });
    const blank = await app.request("/api/memory/key-facts", { cookie, body: { keyFact: "gross_margin", answer: "" } });
    expect(blank.status).toBe(400);
    const answered = await app.request("/api/memory/key-facts", {
      cookie,
      body: { keyFact: "gross_margin", answer: "About 42%", messageId: turn.messageId },
    });
    expect(answered.status).toBe(201);
    const { fact, knowledge } = (await answered.json()) as { fact: RememberedFact; knowledge: DirectorKnowledge };
    expect(fact).toMatchObject({ statement: "Gross margin: About 42%", origin: "ask", keyFact: "gross_margin" });
    expect(knowledge.known).toBe(11);
    expect((await knowledgeOf("finn")).known).toBe(11);
    // The ask is gone from under the answer, and the answer is used from the next answer on.
    expect((await conversationMemory(app, cookie, turn.conversationId)).answers[turn.messageId]?.ask).toBeUndefined();
    await askAndSettle(app, cookie, "Should I raise prices?");
    expect(lastPrompt()).toContain("Gross margin: About 42%");

    // "Not now" hides the ask for cash in the bank for a week, then it comes back.
    const cash = await askAndSettle(app, cookie, "How much cash should I keep in the bank?");
    expect(cash.memory.answers[cash.messageId]?.ask?.keyFact).toBe("cash_in_bank");
    const notNow = await app.request("/api/memory/key-facts/not-now", { cookie, body: { keyFact: "cash_in_bank" } });
    expect(notNow.status).toBe(200);
    expect((await conversationMemory(app, cookie, cash.conversationId)).answers[cash.messageId]?.ask).toBeUndefined();
    const again = await askAndSettle(app, cookie, "Is my cash enough for a new oven?");
    expect(again.memory.answers[again.messageId]?.ask).toBeUndefined();
    time.advance(8 * DAY_MS);
    const later = await askAndSettle(app, cookie, "Is my cash enough for a new van?");
    expect(later.memory.answers[later.messageId]?.ask?.keyFact).toBe("cash_in_bank");

    // 91 days on, the gross margin (a figure) is stale, and so are the training answers about things that change.
    time.advance(83 * DAY_MS);
    const finnLater = await knowledgeOf("finn");
    expect(finnLater.known).toBe(11);
    expect(finnLater.facts.find((item) => item.id === "gross_margin")).toMatchObject({
      status: "stale",
      from: { kind: "fact", date: "2026-04-20" },
    });
    expect(finnLater.facts.find((item) => item.id === "revenue_model")?.status).toBe("known");
  });

  it("without an AI service notes nothing, but facts can be added by hand and answered", async () => {
    const app = await createTestApp();
    const { cookie } = await owner(app);
    const response = await app.request("/api/chat/finn/messages", {
      cookie,
      body: { text: "April revenue was £38k. What is my margin?" },
    });
    const { conversationId } = await finishOf(response);
    expect(await conversationMemory(app, cookie, conversationId)).toEqual({ answers: {} });
    const knowledge = await overview(app, cookie);
    expect(knowledge.noting).toBe(false);
    expect(knowledge.proposed).toEqual([]);

    const added = await app.request("/api/memory/facts", {
      cookie,
      body: { statement: "April revenue was £38k.", directorId: "finn", onlyDirector: true },
    });
    expect(added.status).toBe(201);
    const answered = await app.request("/api/memory/key-facts", {
      cookie,
      body: { keyFact: "monthly_burn", answer: "About £30k" },
    });
    expect(answered.status).toBe(201);
    const after = await overview(app, cookie);
    expect(after.facts.map((fact) => [fact.statement, fact.onlyDirector])).toEqual([
      ["Monthly burn: About £30k", false],
      ["April revenue was £38k.", true],
    ]);
    // "April revenue was £38k." states Finn's monthly revenue as well.
    expect(after.directors.find((director) => director.directorId === "finn")?.known).toBe(12);
    const history = (await (await app.request("/api/chat/finn", { cookie })).json()) as ChatHistory;
    expect(history.messages).toHaveLength(2);
  });

  it("counts a figure as known when the owner's PDF or a training answer states it, and does not ask for it", async () => {
    const app = await memoryApp();
    const { cookie, user } = await owner(app);
    const pdf = makePdf([["Crumb & Co accounts 2025", "Gross margin: 62%.", "Cash in the bank at year end: £18,400."]]);
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(pdf)]), "accounts.pdf");
    const uploaded = await app.app.request("/api/knowledge/files", {
      method: "POST",
      body: form,
      headers: { cookie, origin: new URL(app.env.APP_URL).origin },
    });
    expect(uploaded.status).toBe(201);
    // A note for Martha alone does not tell Finn anything.
    const forMartha = await app.request("/api/knowledge/notes", {
      cookie,
      body: { title: "Spending", text: "We spend about £9,000 a month in overheads.", directorIds: ["martha"] },
    });
    expect(forMartha.status).toBe(201);
    const harperAnswers = {
      ...answersFor("harper"),
      retention_strategy: "Free lunch, tips shared equally and flexible shifts. Two baristas left last year.",
    };
    await app.db
      .insert(directorTrainings)
      .values({ userId: user.id, directorId: "harper", answers: harperAnswers, trainedAt: app.deps.now() });
    await app.jobsIdle();

    const list = (await (await app.request("/api/directors", { cookie })).json()) as DirectorListResponse;
    const knowledgeOf = (id: DirectorId) => list.directors.find((director) => director.id === id)?.knowledge;
    const status = (id: DirectorId, fact: string) => knowledgeOf(id)?.facts.find((item) => item.id === fact);
    expect(status("finn", "gross_margin")).toMatchObject({ status: "known", from: { kind: "knowledge" } });
    expect(status("finn", "cash_in_bank")).toMatchObject({ status: "known", from: { kind: "knowledge" } });
    expect(status("finn", "monthly_burn")?.status).toBe("missing");
    expect(knowledgeOf("finn")?.known).toBe(12);
    expect(status("harper", "leavers_last_year")).toMatchObject({ status: "known", from: { kind: "training" } });

    // Asked about the margin, Finn answers and asks nothing: the PDF told it.
    const turn = await askAndSettle(app, cookie, "Are my prices high enough for a healthy margin?");
    expect(turn.memory.answers[turn.messageId]?.ask).toBeUndefined();
    const cash = await askAndSettle(app, cookie, "How much cash should I keep in the bank?");
    expect(cash.memory.answers[cash.messageId]?.ask).toBeUndefined();
    // A figure nobody gave is still asked for.
    const burn = await askAndSettle(app, cookie, "Are my overheads too high?");
    expect(burn.memory.answers[burn.messageId]?.ask?.keyFact).toBe("monthly_burn");
  });
});
