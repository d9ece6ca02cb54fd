import { eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type {
  ChatHistory,
  ConversationShare,
  ConversationSummary,
  SearchHit,
  SharedConversation,
} from "../../../shared/chat";
import { HIGHLIGHT_END, HIGHLIGHT_START } from "../../../shared/chat";
import { conversationShares, conversations, directorTrainings, messages } from "../../db/schema";
import { streamedText, streamParts } from "../../test/chat-stream";
import { createGate, type FakeAiServer, startFakeAiServer } from "../../test/fake-ai-server";
import { answersFor, givePlan } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/test-app";

let fake: FakeAiServer;
beforeEach(async () => {
  fake = await startFakeAiServer();
});
afterEach(async () => {
  await fake.close();
});

function chatApp() {
  return createTestApp({
    env: {
      AI_BASE_URL: fake.url,
      AI_API_KEY: "conversations-test-key",
      CHAT_MODEL: "test-chat",
      EMBEDDING_MODEL: "none",
    },
  });
}

/** A signed-up owner on the premium plan with Martha and Finn trained. */
async function owner(app: TestApp) {
  const { cookie, user } = await app.signUp();
  await givePlan(app.deps, user.id, "premium");
  const trainedAt = app.deps.now();
  await app.db.insert(directorTrainings).values([
    { userId: user.id, directorId: "martha", answers: answersFor("martha"), trainedAt },
    { userId: user.id, directorId: "finn", answers: answersFor("finn"), trainedAt },
  ]);
  return { cookie, user };
}

async function json<T>(response: Response | Promise<Response>, status = 200): Promise<T> {
  const resolved = await response;
  expect(resolved.status).toBe(status);
  return (await resolved.json()) as T;
}

/** Asks and reads the whole answer; returns the parts. */
async function ask(app: TestApp, cookie: string, body: Record<string, unknown>, directorId = "martha") {
  const response = await app.request(`/api/chat/${directorId}/messages`, { cookie, body });
  expect(response.status).toBe(200);
  return streamParts(response);
}

const open = (app: TestApp, cookie: string, directorId = "martha", conversation?: string) =>
  json<ChatHistory>(
    app.request(`/api/chat/${directorId}${conversation ? `?conversation=${conversation}` : ""}`, { cookie }),
  );
const list = async (app: TestApp, cookie: string) =>
  (await json<{ conversations: ConversationSummary[] }>(app.request("/api/conversations", { cookie }))).conversations;

/** Waits for a title the model gives after the first answer (it never holds the answer up). */
async function titleOf(app: TestApp, cookie: string, id: string, wanted: string) {
  for (let tries = 0; tries < 100; tries++) {
    const found = (await list(app, cookie)).find((conversation) => conversation.id === id);
    if (found?.title === wanted) return found;
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
  throw new Error(`the conversation was never named "${wanted}"`);
}

describe("the history", () => {
  it("keeps several conversations per director, newest first, named, renamed, deleted with Undo", async () => {
    const app = await chatApp();
    const { cookie } = await owner(app);
    fake.queueCompletion({ reply: '"Instagram budget for spring."' });
    await ask(app, cookie, { text: "How should I split my Instagram budget this spring?" });
    const first = (await open(app, cookie)).conversation;
    // Until the model has named it, the title is the question's first words; then the model's few words.
    expect(first?.title).toMatch(/^How should I split my Instagram budget/);
    await titleOf(app, cookie, first?.id ?? "", "Instagram budget for spring");

    // "Clear conversation" starts another; a question to Finn starts a third.
    await app.request("/api/chat/martha/clear", { cookie, body: {} });
    fake.queueCompletion({ reply: "Newsletter ideas" });
    await ask(app, cookie, { text: "Give me three newsletter ideas" });
    const second = (await open(app, cookie)).conversation;
    await titleOf(app, cookie, second?.id ?? "", "Newsletter ideas");
    fake.queueCompletion({ fail: { status: 400 } });
    await ask(app, cookie, { text: "Can I afford a new roaster?" }, "finn");
    const third = (await open(app, cookie, "finn")).conversation;

    let conversations = await list(app, cookie);
    expect(conversations.map((conversation) => [conversation.directorId, conversation.title])).toEqual([
      ["finn", "Can I afford a new roaster?"],
      ["martha", "Newsletter ideas"],
      ["martha", "Instagram budget for spring"],
    ]);

    // Writing in an older conversation makes it current again and moves it to the top.
    await ask(app, cookie, { text: "And in summer?", conversationId: first?.id });
    expect((await open(app, cookie)).conversation?.id).toBe(first?.id);
    expect((await list(app, cookie))[0]?.id).toBe(first?.id);

    // Rename: the owner's name wins over the model's.
    const renamed = await json<ConversationSummary>(
      app.request(`/api/conversations/${second?.id}`, { cookie, method: "PATCH", body: { title: "  Newsletter  " } }),
    );
    expect(renamed).toMatchObject({ title: "Newsletter", titleSource: "owner" });
    const blank = await app.request(`/api/conversations/${second?.id}`, {
      cookie,
      method: "PATCH",
      body: { title: " " },
    });
    expect(await json(blank, 400)).toMatchObject({
      error: { code: "validation:conversation", fields: { title: "Please give the conversation a name." } },
    });

    // Delete hides it at once; Undo brings it back with its messages.
    await json(app.request(`/api/conversations/${third?.id}`, { cookie, method: "DELETE", body: {} }));
    conversations = await list(app, cookie);
    expect(conversations.map((conversation) => conversation.id)).not.toContain(third?.id);
    expect((await app.request(`/api/chat/finn?conversation=${third?.id}`, { cookie })).status).toBe(404);
    await json(app.request(`/api/conversations/${third?.id}/restore`, { cookie, method: "POST", body: {} }));
    expect((await open(app, cookie, "finn", third?.id)).messages).toHaveLength(2);
  });

  it("opens a director's current conversation with its messages in order and versions of the last exchange", async () => {
    const app = await chatApp();
    const { cookie } = await owner(app);
    fake.queueChat({ reply: "Post twice a week." });
    await ask(app, cookie, { text: "How often should I post?" });

    // Regenerate: a second version beside the first; the history shows one of them and names both.
    fake.queueChat({ reply: "Three times a week." });
    await ask(app, cookie, { retry: true });
    let thread = (await open(app, cookie)).messages;
    expect(thread.map((message) => message.content)).toEqual(["How often should I post?", "Three times a week."]);
    const answerVersions = thread[1]?.versions ?? [];
    expect(answerVersions).toHaveLength(2);
    expect(answerVersions[1]).toBe(thread[1]?.id);

    // Flip back to the first version; the next turn builds on the version shown.
    await json(app.request(`/api/messages/${answerVersions[0]}/show`, { cookie, method: "POST", body: {} }));
    thread = (await open(app, cookie)).messages;
    expect(thread[1]?.content).toBe("Post twice a week.");

    // Edit the last question: the earlier exchange stays as a version.
    fake.queueChat({ reply: "Every day in December." });
    await ask(app, cookie, { edit: true, text: "How often should I post in December?" });
    thread = (await open(app, cookie)).messages;
    expect(thread.map((message) => message.content)).toEqual([
      "How often should I post in December?",
      "Every day in December.",
    ]);
    expect(thread[0]?.versions).toHaveLength(2);
    const sent = fake.streamedChatRequests().at(-1)?.body.messages as Array<{ role: string; content: string }>;
    expect(sent.at(-1)?.content).toContain("My question: How often should I post in December?");
    expect(JSON.stringify(sent)).not.toContain("Post twice a week.");

    // Showing the first question version brings back its own answer.
    await json(app.request(`/api/messages/${thread[0]?.versions?.[0]}/show`, { cookie, method: "POST", body: {} }));
    thread = (await open(app, cookie)).messages;
    expect(thread.map((message) => message.content)).toEqual(["How often should I post?", "Post twice a week."]);

    // Thumbs down with a reason, stored with the answer; a null rating takes it back.
    const answerId = thread[1]?.id;
    await json(
      app.request(`/api/messages/${answerId}/feedback`, {
        cookie,
        method: "PUT",
        body: { rating: "down", reason: "Too generic for a café" },
      }),
    );
    expect((await open(app, cookie)).messages[1]).toMatchObject({
      rating: "down",
      ratingReason: "Too generic for a café",
    });
    const conversationId = (await open(app, cookie)).conversation?.id;
    const share = await json<ConversationShare>(
      app.request(`/api/conversations/${conversationId}/share`, { cookie, method: "POST", body: {} }),
    );
    const exported = await json<{
      conversations: Array<{ title: string; titleSource: string; messages: Array<Record<string, unknown>> }>;
      sharedLinks: Array<{ token: string; conversationId: string }>;
    }>(app.request("/api/account/export", { cookie }));
    expect(exported.conversations[0]).toMatchObject({ title: expect.any(String), titleSource: expect.any(String) });
    expect(exported.sharedLinks).toEqual([{ token: share.token, conversationId, createdAt: expect.any(String) }]);
    const messagesOut = exported.conversations[0]?.messages ?? [];
    expect(messagesOut).toHaveLength(5);
    expect(messagesOut.find((message) => message.rating === "down")).toMatchObject({
      ratingReason: "Too generic for a café",
      content: "Post twice a week.",
    });
    expect(messagesOut.filter((message) => message.shown === false)).toHaveLength(2);

    // Deleting the account takes the conversations, every version, the feedback and the link with it.
    const { user } = await json<{ user: { id: string; email: string } }>(app.request("/api/auth/session", { cookie }));
    await json(app.request("/api/account", { cookie, method: "DELETE", body: { email: user.email } }));
    for (const table of [conversations, messages, conversationShares]) {
      expect(await app.db.select().from(table).where(eq(table.userId, user.id))).toEqual([]);
    }
    expect(await json(app.request(`/api/shared/${share.token}`), 404)).toMatchObject({
      error: { code: "not_found:share" },
    });
  });
});

describe("an answer being written", () => {
  it("can be read again from its first word by a reader who attaches later, and is stored whole", async () => {
    const app = await chatApp();
    const { cookie } = await owner(app);
    const reply = Array.from({ length: 40 }, (_, index) => `word${index}`).join(" ");
    // The answer waits halfway until the second reader is attached.
    const attached = createGate();
    fake.queueChat({ reply, chunkDelayMs: 5, holds: [{ beforeChunk: 20, gate: attached }] });
    const asking = await app.request("/api/chat/martha/messages", { cookie, body: { text: "Write slowly" } });
    const reader = asking.body?.getReader();
    await reader?.read();
    const conversation = (await open(app, cookie)).conversation?.id;
    expect((await open(app, cookie)).messages.at(-1)).toMatchObject({ sender: "ai", status: "streaming" });
    // Another question while this answer is written is refused, nothing lost.
    const meanwhile = await app.request("/api/chat/martha/messages", { cookie, body: { text: "Me too" } });
    expect(await json(meanwhile, 409)).toMatchObject({ error: { code: "conflict:answer_in_progress" } });

    const resumed = await app.request(`/api/conversations/${conversation}/stream`, { cookie });
    expect(resumed.status).toBe(200);
    attached.open();
    await reader?.cancel();
    const parts = await streamParts(resumed);
    expect(parts[0]).toMatchObject({ type: "start", messageMetadata: { status: "streaming" } });
    expect(streamedText(parts)).toBe(reply);
    expect(parts.at(-1)).toMatchObject({ type: "finish", messageMetadata: { status: "complete" } });
    expect((await open(app, cookie)).messages.at(-1)).toMatchObject({ content: reply, status: "complete" });
    // Nothing being written: nothing to attach to.
    expect((await app.request(`/api/conversations/${conversation}/stream`, { cookie })).status).toBe(204);
  });
});

describe("search", () => {
  it("finds the owner's own messages across directors with the words marked, never another owner's", async () => {
    const app = await chatApp();
    const alice = await owner(app);
    const bob = await owner(app);
    fake.queueChat(
      { reply: "Put $300 of the **Instagram budget** into reels [1]." },
      { reply: "A roaster pays for itself in two years." },
      { reply: "Instagram is my secret too." },
    );
    await ask(app, alice.cookie, { text: "What about Instagram budgets?" });
    await ask(app, alice.cookie, { text: "Is a new roaster worth it?" }, "finn");
    await ask(app, bob.cookie, { text: "Bob's Instagram plan" });

    const search = (cookie: string, q: string) =>
      json<{ hits: SearchHit[] }>(app.request(`/api/conversations/search?q=${encodeURIComponent(q)}`, { cookie }));
    const { hits } = await search(alice.cookie, "insta budg");
    expect(hits.map((hit) => hit.sender).sort()).toEqual(["ai", "user"]);
    const answerHit = hits.find((hit) => hit.sender === "ai");
    expect(answerHit?.snippet).toContain(`${HIGHLIGHT_START}Instagram${HIGHLIGHT_END}`);
    expect(answerHit?.snippet).toContain(`${HIGHLIGHT_START}budget${HIGHLIGHT_END}`);
    // As words, not Markdown: no emphasis marks or citation markers in the result.
    expect(answerHit?.snippet).not.toContain("*");
    const marked = (word: string) => `${HIGHLIGHT_START}${word}${HIGHLIGHT_END}`;
    expect(answerHit?.snippet.startsWith(`${marked("Instagram")} ${marked("budget")} into reels`)).toBe(true);
    expect(answerHit?.directorId).toBe("martha");
    // The hit opens its conversation at that message.
    const opened = await open(app, alice.cookie, "martha", answerHit?.conversationId);
    expect(opened.messages.map((message) => message.id)).toContain(answerHit?.messageId);

    expect((await search(alice.cookie, "roaster")).hits.every((hit) => hit.directorId === "finn")).toBe(true);
    expect((await search(alice.cookie, "secret")).hits).toEqual([]);
    expect((await search(bob.cookie, "budget")).hits).toEqual([]);
    expect((await search(alice.cookie, "'\")(&|!<>:*")).hits).toEqual([]);
  });
});

describe("taking a conversation along", () => {
  it("exports Markdown and a real PDF with the title, director, dates and the answer's tables and lists", async () => {
    const app = await chatApp();
    const { cookie } = await owner(app);
    const answer = [
      "## Spring plan",
      "",
      "- Reels twice a week",
      "- One newsletter",
      "",
      "| Channel | Budget |",
      "| --- | --- |",
      "| Instagram | $300 |",
      "| Email | $80 |",
    ].join("\n");
    fake.queueChat({ reply: answer });
    fake.queueCompletion({ reply: "Spring marketing plan" });
    await ask(app, cookie, { text: "Plan my spring marketing, Zoë's café" });
    const conversation = (await open(app, cookie)).conversation;
    await titleOf(app, cookie, conversation?.id ?? "", "Spring marketing plan");

    const markdown = await app.request(`/api/conversations/${conversation?.id}/export?format=md&tz=Europe/Paris`, {
      cookie,
    });
    expect(markdown.status).toBe(200);
    expect(markdown.headers.get("content-type")).toContain("text/markdown");
    expect(markdown.headers.get("content-disposition")).toContain('filename="spring-marketing-plan.md"');
    const text = await markdown.text();
    expect(text).toMatch(/^# Spring marketing plan\n/);
    expect(text).toContain("Conversation with Martha, Marketing Director.");
    expect(text).toContain("**You** · ");
    expect(text).toContain("**Martha** · ");
    expect(text).toContain(answer);

    const pdf = await app.request(`/api/conversations/${conversation?.id}/export?format=pdf`, { cookie });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const { text: pages } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    for (const expected of [
      "Spring marketing plan",
      "Conversation with Martha, Marketing Director",
      "Plan my spring marketing, Zoë's café",
      "Spring plan",
      "Reels twice a week",
      "Instagram",
      "$300",
    ]) {
      expect(pages).toContain(expected);
    }
    expect(pages).not.toContain("##");
    expect(pages).not.toContain("| ---");
  });

  it("shares a read-only link that works signed out, shows only the messages, and stops after revoke", async () => {
    const app = await chatApp();
    const { cookie, user } = await owner(app);
    const other = await owner(app);
    fake.queueChat({ reply: "Raise the subscription to $26." });
    await ask(app, cookie, { text: "Should I raise prices?" });
    const conversation = (await open(app, cookie)).conversation;
    await app.request(`/api/conversations/${conversation?.id}`, {
      cookie,
      method: "PATCH",
      body: { title: "Private pricing talk" },
    });

    const share = await json<ConversationShare>(
      app.request(`/api/conversations/${conversation?.id}/share`, { cookie, method: "POST", body: {} }),
    );
    expect(share.token.length).toBeGreaterThanOrEqual(40);
    const again = await json<ConversationShare>(
      app.request(`/api/conversations/${conversation?.id}/share`, { cookie, method: "POST", body: {} }),
    );
    expect(again.token).toBe(share.token);
    expect(
      (
        await app.request(`/api/conversations/${conversation?.id}/share`, {
          cookie: other.cookie,
          method: "POST",
          body: {},
        })
      ).status,
    ).toBe(404);

    const shared = await app.request(`/api/shared/${share.token}`);
    expect(shared.status).toBe(200);
    expect(shared.headers.get("x-robots-tag")).toContain("noindex");
    const body = await json<SharedConversation>(shared);
    expect(body).toEqual({
      directorId: "martha",
      messages: [
        { sender: "user", content: "Should I raise prices?", createdAt: expect.any(String) },
        { sender: "ai", content: "Raise the subscription to $26.", createdAt: expect.any(String) },
      ],
    });
    const raw = JSON.stringify(body);
    for (const secret of [user.id, user.email, user.name, "Private pricing talk", conversation?.id ?? "x"]) {
      expect(raw).not.toContain(secret);
    }

    const listed = await json<{ shares: ConversationShare[] }>(app.request("/api/shares", { cookie }));
    expect(listed.shares).toMatchObject([{ token: share.token, conversationTitle: "Private pricing talk" }]);
    expect((await json<{ shares: unknown[] }>(app.request("/api/shares", { cookie: other.cookie }))).shares).toEqual(
      [],
    );
    expect(
      (await app.request(`/api/shares/${share.token}`, { cookie: other.cookie, method: "DELETE", body: {} })).status,
    ).toBe(404);
    await json(app.request(`/api/shares/${share.token}`, { cookie, method: "DELETE", body: {} }));
    expect(await json(app.request(`/api/shared/${share.token}`), 404)).toMatchObject({
      error: { code: "not_found:share" },
    });
  });
});

describe("who can reach a conversation", () => {
  it("checks every id in a URL against the signed-in owner", async () => {
    const app = await chatApp();
    const alice = await owner(app);
    const bob = await owner(app);
    fake.queueChat({ reply: "Alice's answer." });
    fake.queueCompletion({ fail: { status: 400 } });
    const parts = await ask(app, alice.cookie, { text: "Alice's question" });
    const answerId = parts[0]?.messageId;
    const conversation = (await open(app, alice.cookie)).conversation?.id;

    const attempts: Array<[string, string, unknown?]> = [
      ["PATCH", `/api/conversations/${conversation}`, { title: "Mine now" }],
      ["DELETE", `/api/conversations/${conversation}`, {}],
      ["POST", `/api/conversations/${conversation}/restore`, {}],
      ["GET", `/api/conversations/${conversation}/stream`],
      ["GET", `/api/conversations/${conversation}/export?format=md`],
      ["POST", `/api/conversations/${conversation}/share`, {}],
      ["PUT", `/api/messages/${answerId}/feedback`, { rating: "up" }],
      ["POST", `/api/messages/${answerId}/show`, {}],
      ["POST", `/api/messages/${answerId}/stop`, {}],
      ["GET", "/api/conversations/not-an-id/export"],
    ];
    for (const [method, path, body] of attempts) {
      const response = await app.request(path, { cookie: bob.cookie, method, body });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    for (const [method, path] of attempts.slice(0, 3)) {
      expect((await app.request(path, { method, body: {} })).status).toBe(401);
    }
    expect((await list(app, bob.cookie)).length).toBe(0);
    const still = await open(app, alice.cookie);
    expect(still.conversation?.title).toBe("Alice's question");
    expect(streamedText(parts)).toBe("Alice's answer.");
  });
});
