import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type AnswerSource, NO_CONTEXT_LINE } from "../../shared/answer-sources";
import type { ChatHistory } from "../../shared/chat";
import { emptyOnboardingData } from "../../shared/onboarding";
import { replaceSourcePieces } from "../ai/context-index";
import { businessProfiles, knowledgeSources, subscriptions } from "../db/schema";
import { streamParts } from "../test/chat-stream";
import { type FakeAiServer, startFakeAiServer } from "../test/fake-ai-server";
import { createTestApp, type TestApp } from "../test/test-app";

let fake: FakeAiServer;
beforeEach(async () => {
  fake = await startFakeAiServer();
});
afterEach(async () => {
  await fake.close();
});

function chatApp(env: Record<string, string> = {}) {
  return createTestApp({
    env: {
      AI_BASE_URL: fake.url,
      AI_API_KEY: "sources-test",
      CHAT_MODEL: "test-chat",
      EMBEDDING_MODEL: "none",
      ...env,
    },
  });
}

const PRICE_PASSAGE = "Croissant: £3.20 each from 1 March 2026; wholesale £1.90 for orders of 24 or more.";
const HOURS_PASSAGE = "The Clifton shop opens Tuesday to Saturday 08:00 to 16:00 and is closed on Mondays.";
const WINTER_PASSAGE = "From November to February the Clifton shop closes at 15:00 because footfall drops after dark.";

/**
 * An owner with a plan, a two-answer business profile (blocks [1] and [2]) and
 * Martha not yet trained, plus a price list whose passages come after them.
 */
async function owner(app: TestApp) {
  const { cookie, user } = await app.signUp();
  await app.db.insert(subscriptions).values({ userId: user.id, planId: "premium", chosenAt: app.deps.now() });
  await app.db.insert(businessProfiles).values({
    userId: user.id,
    answers: {
      ...emptyOnboardingData(),
      businessName: "Larkspur Bakehouse",
      goals: "Open a shop in Bath by September.",
    },
  });
  const [source] = await app.db
    .insert(knowledgeSources)
    .values({
      userId: user.id,
      kind: "file",
      format: "csv",
      name: "Price list 2026.csv",
      sizeBytes: 900,
      status: "ready",
    })
    .returning({ id: knowledgeSources.id });
  if (!source) throw new Error("no source");
  await replaceSourcePieces(app.db, {
    userId: user.id,
    sourceId: source.id,
    createdAt: app.deps.now(),
    pieces: [
      { content: PRICE_PASSAGE, location: "rows 2–12", heading: null },
      { content: HOURS_PASSAGE, location: "rows 13–20", heading: null },
      { content: WINTER_PASSAGE, location: "rows 21–30", heading: null },
    ],
  });
  return { cookie, user, sourceId: source.id };
}

async function ask(app: TestApp, cookie: string, text: string) {
  const response = await app.request("/api/chat/martha/messages", { cookie, body: { text } });
  expect(response.status).toBe(200);
  return streamParts(response);
}

async function shown(app: TestApp, cookie: string) {
  const response = await app.request("/api/chat/martha", { cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as ChatHistory).messages;
}

/** The user turn of the provider's streamed request at `index`. */
function turnSent(index: number): string {
  const messages = fake.streamedChatRequests()[index]?.body.messages as Array<{ role: string; content: string }>;
  return messages.at(-1)?.content ?? "";
}

describe("sources on answers", () => {
  it("numbers the context, keeps what the answer cited through reload, export and the document's deletion", async () => {
    const app = await chatApp();
    const { cookie, sourceId } = await owner(app);
    fake.queueChat({ reply: "Charge £3.20 for a croissant [3], in line with your goal [2]. Ignore this [9]." });
    const parts = await ask(app, cookie, "What should a croissant cost?");

    // The prompt: the spec's shape, each block numbered, the price list's passage labelled with where it sits.
    const turn = turnSent(0);
    expect(turn).toMatch(/^Context about my business:\n\[1\] Business name: Larkspur Bakehouse\n/);
    expect(turn).toContain("[2] Goals for the next 12 months: Open a shop in Bath by September.");
    expect(turn).toContain(`[3] Price list 2026.csv, rows 2–12: ${PRICE_PASSAGE}`);
    expect(turn).toContain("cite it inline by its number");
    expect(turn).toMatch(/\n\nMy question: What should a croissant cost\?$/);

    // The answer ends with its sources: every block sent, the cited ones marked; [9] matched none.
    const finish = parts.find((part) => part.type === "finish")?.messageMetadata as { sources?: AnswerSource[] };
    const cited = (finish.sources ?? []).filter((source) => source.cited).map((source) => source.n);
    expect(cited).toEqual([2, 3]);
    expect(finish.sources?.find((source) => source.n === 3)).toMatchObject({
      kind: "document",
      name: "Price list 2026.csv",
      where: "rows 2–12",
      excerpt: PRICE_PASSAGE,
      sourceId,
    });
    expect(finish.sources?.find((source) => source.n === 2)).toMatchObject({
      kind: "profile",
      name: "Business profile",
      where: "Goals for the next 12 months",
      field: "goals",
    });

    // A reload (or another device) reads them back, as they stand now.
    const [, answer] = await shown(app, cookie);
    expect(answer?.sources?.filter((source) => source.cited)).toMatchObject([
      { n: 2, state: "current" },
      { n: 3, state: "current", excerpt: PRICE_PASSAGE },
    ]);

    // The export shows the citations that matched a block, and the sources under the answer.
    const conversationId = (await (await app.request("/api/chat/martha", { cookie })).json()).conversation.id;
    const markdown = await (
      await app.request(`/api/conversations/${conversationId}/export?format=md`, { cookie })
    ).text();
    expect(markdown).toContain("Charge £3.20 for a croissant [3], in line with your goal [2]. Ignore this.");
    expect(markdown).toContain(`- [3] Price list 2026.csv, rows 2–12: “${PRICE_PASSAGE}”`);
    expect(markdown).toContain("- [2] Business profile, Goals for the next 12 months: “Open a shop in Bath");

    // A shared link shows the conversation without the owner's sources, so without markers.
    const share = await app.request(`/api/conversations/${conversationId}/share`, { cookie, body: {} });
    const { token } = (await share.json()) as { token: string };
    const shared = (await (await app.request(`/api/shared/${token}`)).json()) as {
      messages: Array<{ content: string }>;
    };
    expect(shared.messages[1]?.content).toBe("Charge £3.20 for a croissant, in line with your goal. Ignore this.");

    // The document goes: the old answer keeps its excerpt and says the source was removed.
    expect((await app.request(`/api/knowledge/${sourceId}`, { cookie, method: "DELETE", body: {} })).status).toBe(200);
    const [, after] = await shown(app, cookie);
    expect(after?.sources?.find((source) => source.n === 3)).toMatchObject({
      state: "removed",
      excerpt: PRICE_PASSAGE,
    });
    const exported = await (
      await app.request(`/api/conversations/${conversationId}/export?format=md`, { cookie })
    ).text();
    expect(exported).toContain("rows 2–12 (since removed)");
  });

  it("says so when an answer used none of the owner's context, and searches a follow-up with its conversation", async () => {
    const app = await chatApp();
    const { cookie } = await owner(app);
    fake.queueChat(
      { reply: "Most bakeries open early to catch commuters." },
      { reply: "Clifton opens at 08:00 [3]." },
      { reply: "In winter it closes at 15:00 [3]." },
    );
    await ask(app, cookie, "When do bakeries usually open?");
    const [, general] = await shown(app, cookie);
    expect(general?.sources?.some((source) => source.cited)).toBe(false);
    const conversationId = (await (await app.request("/api/chat/martha", { cookie })).json()).conversation.id;
    const markdown = await (
      await app.request(`/api/conversations/${conversationId}/export?format=md`, { cookie })
    ).text();
    expect(markdown).toContain(NO_CONTEXT_LINE);

    // "And in winter?" shares no word with the hours passage; its conversation is about the Clifton shop's hours.
    await ask(app, cookie, "When does the Clifton shop open?");
    await ask(app, cookie, "And in winter?");
    expect(turnSent(2)).toContain(WINTER_PASSAGE);
    // The earlier answer's markers are not sent back: their numbers meant the earlier turn's blocks.
    const history = fake.streamedChatRequests()[2]?.body.messages as Array<{ role: string; content: string }>;
    expect(history.find((message) => message.content === "Clifton opens at 08:00.")).toBeDefined();
  });

  it("does not hold the answer for an embedding service that does not reply: the question is matched by full text", async () => {
    const app = await chatApp({ EMBEDDING_MODEL: "test-embedding", RETRIEVAL_EMBEDDING_WAIT_MS: "300" });
    const { cookie } = await owner(app);
    fake.queueEmbeddings({ delayMs: 120_000 });
    fake.queueChat({ reply: "Charge £3.20 for a croissant [3]." });
    const parts = await ask(app, cookie, "What should a croissant cost?");

    expect(parts.find((part) => part.type === "finish")).toBeDefined();
    expect(turnSent(0)).toContain(`[3] Price list 2026.csv, rows 2–12: ${PRICE_PASSAGE}`);
    // The question's embedding was asked for once and given up on (its connection closed), not retried.
    const embeddings = fake.embeddingRequests();
    expect(embeddings).toHaveLength(1);
    expect(embeddings[0]?.closedAt).toBeDefined();
    const [, answer] = await shown(app, cookie);
    expect(answer?.sources?.filter((source) => source.cited).map((source) => source.excerpt)).toEqual([PRICE_PASSAGE]);
  });
});
