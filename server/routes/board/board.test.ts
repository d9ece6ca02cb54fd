import { extractText, getDocumentProxy } from "unpdf";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { withoutCitations } from "../../../shared/answer-sources";
import {
  BOARD_NOT_IN_PREVIEW,
  BOARD_TOO_FEW_DIRECTORS,
  BOARD_UNTRAINED_DIRECTOR,
  type BoardMeeting,
  type BoardOverview,
} from "../../../shared/board";
import type {
  ChatHistory,
  ConversationShare,
  ConversationSummary,
  SearchHit,
  SharedConversation,
} from "../../../shared/chat";
import type { DirectorId } from "../../../shared/directors";
import { MEMO_IN_HISTORY } from "../../ai/board-prompt";
import { MEMO_NOT_CONFIGURED } from "../../board/board-round";
import { startTogether } from "../../board/start-together";
import { notConfiguredReply } from "../../chat/chat-turn";
import { directorTrainings } from "../../db/schema";
import { requireDirector } from "../../directors/director-access";
import { boardReader, endOf, textOf } from "../../test/board-reader";
import { BOARD_ANSWERS, BOARD_MEMO, boardAuthorOf, boardRoute, requestText } from "../../test/board-scripts";
import { streamParts } from "../../test/chat-stream";
import { type FakeAiServer, startFakeAiServer } from "../../test/fake-ai-server";
import { answersFor, givePlan, PROFILE } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/test-app";

let fake: FakeAiServer;
beforeEach(async () => {
  fake = await startFakeAiServer();
});
afterEach(async () => {
  await fake.close();
});

const QUESTION = "Should we spend more on spring marketing?";
const FOUR: DirectorId[] = ["martha", "finn", "ollie", "harper"];

function boardApp(options: { env?: Record<string, string>; now?: () => Date; ai?: boolean } = {}) {
  const ai: Record<string, string> =
    options.ai === false
      ? {}
      : { AI_BASE_URL: fake.url, AI_API_KEY: "board-test-key", CHAT_MODEL: "test-chat", EMBEDDING_MODEL: "none" };
  return createTestApp({ env: { ...ai, ...options.env }, now: options.now });
}

/** A signed-up owner with a plan, the business profile and these directors trained. */
async function boardOwner(
  app: TestApp,
  trained: DirectorId[] = FOUR,
  plan: "premium" | "standard" | "free-trial" = "premium",
) {
  const { cookie, user } = await app.signUp();
  await givePlan(app.deps, user.id, plan);
  const trainedAt = app.deps.now();
  if (trained.length > 0) {
    await app.db
      .insert(directorTrainings)
      .values(
        trained.map((directorId) => ({ userId: user.id, directorId, answers: answersFor(directorId), trainedAt })),
      );
  }
  return { cookie, user };
}

async function json<T>(response: Response | Promise<Response>, status = 200): Promise<T> {
  const resolved = await response;
  expect(resolved.status).toBe(status);
  return (await resolved.json()) as T;
}

/** Puts a question to the board and reads the whole stream. */
async function askBoard(app: TestApp, cookie: string, body: Record<string, unknown>) {
  const response = await app.request("/api/board/meetings", { cookie, body });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/event-stream");
  return boardReader(response).all();
}

function roundOf(events: Awaited<ReturnType<typeof askBoard>>) {
  const round = events[0];
  if (round?.type !== "round") throw new Error("The stream did not start with its round.");
  return round;
}

const requestsOf = (author: DirectorId | "memo") =>
  fake.streamedChatRequests().filter((request) => boardAuthorOf(request) === author);

/** Everything the test AI server was sent in the `index`th request of this director (or the memo); -1 the latest. */
function sentTo(author: DirectorId | "memo", index = 0): string {
  const request = requestsOf(author).at(index);
  if (!request) throw new Error(`No request for ${author} #${index}.`);
  return requestText(request);
}

describe("a board meeting", () => {
  it("streams every director in parallel, then a memo from all their answers, kept in the history", async () => {
    const app = await boardApp();
    const { cookie } = await boardOwner(app);
    fake.route = boardRoute({ chunkDelayMs: 15 });
    fake.queueCompletion({ reply: "Spring marketing budget" });

    const overview = await json<BoardOverview>(app.request("/api/board", { cookie }));
    expect(overview.chatLimitPerMinute).toBe(20);
    expect(overview.directors.filter((director) => director.state === "trained").map((d) => d.id)).toEqual(FOUR);

    const events = await askBoard(app, cookie, { text: QUESTION });
    const round = roundOf(events);
    expect(round.answers.map((answer) => answer.author)).toEqual([...FOUR, "board"]);

    // In parallel: every director's first words arrive before any director has finished.
    const firstWords = FOUR.map((id) => events.findIndex((event) => event.type === "delta" && event.author === id));
    const firstEnd = events.findIndex((event) => event.type === "end" && event.author !== "board");
    expect(Math.min(...firstWords)).toBeGreaterThan(0);
    expect(Math.max(...firstWords)).toBeLessThan(firstEnd);
    for (const id of FOUR) {
      expect(textOf(events, id)).toBe(BOARD_ANSWERS[id]);
      expect(endOf(events, id)).toMatchObject({ status: "complete", errorCode: null });
    }
    // The memo starts once every director has answered, and carries every answer and the owner's own metrics.
    const memoStart = events.findIndex((event) => event.type === "delta" && event.author === "board");
    const lastEnd = Math.max(...FOUR.map((id) => events.indexOf(endOf(events, id) as (typeof events)[number])));
    expect(memoStart).toBeGreaterThan(lastEnd);
    expect(textOf(events, "board")).toBe(BOARD_MEMO);
    expect(endOf(events, "board")).toMatchObject({ status: "complete" });
    const memoText = sentTo("memo");
    // Without their citation markers: the memo has no blocks for them to point at.
    for (const id of FOUR) expect(memoText).toContain(withoutCitations(BOARD_ANSWERS[id]));
    expect(memoText).not.toContain("[7]");
    expect(memoText).toContain("How I measure success: Monthly revenue, active subscribers and churn.");
    expect(memoText).toContain(`My question to the board: ${QUESTION}`);
    for (const section of ["## Where they agree", "## Where they disagree", "## Next steps"]) {
      expect(memoText).toContain(section);
    }
    // Each director answers as itself: its persona, its own training answers, told it sits on a board.
    const finnText = sentTo("finn", 0);
    expect(finnText).toContain(answersFor("finn").revenue_model);
    expect(finnText).not.toContain(answersFor("martha").budget);
    expect(finnText).toContain("This is a board meeting");

    const meeting = await json<BoardMeeting>(app.request(`/api/board/meetings/${round.conversationId}`, { cookie }));
    expect(meeting.conversation).toMatchObject({ kind: "board", directorId: "board", directors: FOUR });
    expect(meeting.rounds).toHaveLength(1);
    expect(meeting.rounds[0]?.question.content).toBe(QUESTION);
    expect(meeting.rounds[0]?.answers.map((answer) => [answer.directorId, answer.content])).toEqual(
      FOUR.map((id) => [id, BOARD_ANSWERS[id]]),
    );
    expect(meeting.rounds[0]?.memo).toMatchObject({ content: BOARD_MEMO, status: "complete", directorId: "board" });

    // Finn's answer stood on the owner's challenges, block [7]: its sources end its column and stay with it.
    expect(finnText).toMatch(/^\[7\] Biggest challenges: Green coffee prices/m);
    expect(endOf(events, "finn")?.sources?.filter((source) => source.cited)).toMatchObject([
      { n: 7, kind: "profile", field: "challenges" },
    ]);
    expect(endOf(events, "martha")?.sources?.some((source) => source.cited)).toBe(false);
    expect(endOf(events, "board")?.sources).toBeUndefined();
    const finnAnswer = meeting.rounds[0]?.answers.find((answer) => answer.directorId === "finn");
    expect(finnAnswer?.sources?.filter((source) => source.cited)).toMatchObject([{ n: 7, state: "current" }]);

    // In the history beside the chats: named by the model, found by search, exported and shared.
    let listed: ConversationSummary | undefined;
    for (let tries = 0; tries < 100 && listed?.title !== "Spring marketing budget"; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 30));
      const list = await json<{ conversations: ConversationSummary[] }>(app.request("/api/conversations", { cookie }));
      listed = list.conversations.find((conversation) => conversation.id === round.conversationId);
    }
    expect(listed).toMatchObject({ kind: "board", title: "Spring marketing budget", directors: FOUR });
    const { hits } = await json<{ hits: SearchHit[] }>(
      app.request("/api/conversations/search?q=tasting box", { cookie }),
    );
    expect(hits[0]).toMatchObject({
      conversationId: round.conversationId,
      kind: "board",
      directorId: "board",
      author: "martha",
    });

    const markdown = await app.request(`/api/conversations/${round.conversationId}/export?format=md`, { cookie });
    const document = await markdown.text();
    expect(document).toContain("Board meeting with Martha, Finn, Ollie and Harper.");
    expect(document).toContain("**Finn** ·");
    expect(document).toContain("**Board memo** ·");
    expect(document).toContain("Sources:\n\n- [7] Business profile, Biggest challenges: “Green coffee prices");
    expect(document).toContain("- **Spring ad budget:** Martha wants $2,000");
    const pdf = await app.request(`/api/conversations/${round.conversationId}/export?format=pdf`, { cookie });
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const { text: pdfText } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())), {
      mergePages: true,
    });
    expect(pdfText).toContain("Board meeting with Martha, Finn, Ollie and Harper");
    expect(pdfText).toContain("Where they disagree");

    const share = await json<ConversationShare>(
      app.request(`/api/conversations/${round.conversationId}/share`, { cookie, body: {} }),
    );
    const shared = await json<SharedConversation>(app.request(`/api/shared/${share.token}`));
    expect(shared.directors).toEqual(FOUR);
    expect(shared.messages.map((message) => message.directorId ?? "you")).toEqual(["you", ...FOUR, "board"]);
  });

  it("goes on without a director that fails, says who is missing, and retries that director", async () => {
    const app = await boardApp();
    const { cookie } = await boardOwner(app, ["martha", "finn", "ollie"]);
    let finnFails = true;
    fake.route = boardRoute({
      override: (author) => (author === "finn" && finnFails ? { fail: { status: 500 } } : undefined),
    });

    const events = await askBoard(app, cookie, { text: QUESTION });
    const { conversationId } = roundOf(events);
    expect(endOf(events, "finn")).toMatchObject({ status: "failed", errorCode: "ai:unavailable" });
    expect(textOf(events, "martha")).toBe(BOARD_ANSWERS.martha);
    expect(textOf(events, "ollie")).toBe(BOARD_ANSWERS.ollie);
    expect(endOf(events, "board")).toMatchObject({ status: "complete" });
    const memoText = sentTo("memo", 0);
    expect(memoText).toContain("### Finn, Finance Director\n(did not answer: the AI service failed)");
    expect(memoText).toContain(BOARD_ANSWERS.martha);
    expect(memoText).not.toContain(BOARD_ANSWERS.finn);

    // Retry: Finn answers in his place in the round, and the memo is written again with him.
    finnFails = false;
    const retry = await app.request(`/api/board/meetings/${conversationId}/retry`, {
      cookie,
      body: { author: "finn" },
    });
    expect(retry.status).toBe(200);
    const again = await boardReader(retry).all();
    expect(roundOf(again).answers.map((answer) => answer.author)).toEqual(["finn", "board"]);
    expect(textOf(again, "finn")).toBe(BOARD_ANSWERS.finn);
    expect(endOf(again, "board")).toMatchObject({ status: "complete" });
    expect(sentTo("memo", 1)).toContain(withoutCitations(BOARD_ANSWERS.finn));
    const meeting = await json<BoardMeeting>(app.request(`/api/board/meetings/${conversationId}`, { cookie }));
    expect(meeting.rounds).toHaveLength(1);
    expect(meeting.rounds[0]?.answers.map((answer) => answer.status)).toEqual(["complete", "complete", "complete"]);
    expect(meeting.rounds[0]?.answers[1]).toMatchObject({ directorId: "finn", content: BOARD_ANSWERS.finn });

    // Nobody answering leaves no memo, with a message that says why.
    fake.route = boardRoute({ override: (author) => (author === "memo" ? undefined : { fail: { status: 400 } }) });
    const follow = await askBoard(app, cookie, { conversationId, text: "And in summer?" });
    expect(endOf(follow, "board")).toMatchObject({ status: "failed", errorCode: "board:no_answers" });
  });

  it("asks a follow-up of the same directors with the memo, and carries the meeting into a one-to-one chat", async () => {
    const app = await boardApp();
    const { cookie } = await boardOwner(app);
    fake.route = boardRoute();
    const first = await askBoard(app, cookie, { text: QUESTION, directors: ["finn", "martha"] });
    const { conversationId } = roundOf(first);
    expect(roundOf(first).answers.map((answer) => answer.author)).toEqual(["martha", "finn", "board"]);

    const second = await askBoard(app, cookie, { conversationId, text: "What if we wait until May?" });
    expect(roundOf(second).answers.map((answer) => answer.author)).toEqual(["martha", "finn", "board"]);
    expect(roundOf(second).conversationId).toBe(conversationId);
    // Each director sees its own earlier answer and the memo; the memo sees the earlier memo.
    const martha = sentTo("martha", 1);
    expect(martha).toContain(`${MEMO_IN_HISTORY}\n\n${BOARD_MEMO}`);
    expect(martha).toContain(BOARD_ANSWERS.martha);
    expect(martha).not.toContain(BOARD_ANSWERS.finn);
    expect(sentTo("finn", 1)).toContain(BOARD_MEMO);
    expect(sentTo("memo", 1)).toContain(`Earlier in this meeting, the board's memo was:\n"""\n${BOARD_MEMO}`);
    const meeting = await json<BoardMeeting>(app.request(`/api/board/meetings/${conversationId}`, { cookie }));
    expect(meeting.rounds.map((round) => round.question.content)).toEqual([QUESTION, "What if we wait until May?"]);

    // Into a one-to-one chat with Finn: the latest question, his answer and the memo, then his next answer sees them.
    const carried = await json<{ conversationId: string }>(
      app.request(`/api/board/meetings/${conversationId}/continue`, { cookie, body: { directorId: "finn" } }),
    );
    const chat = await json<ChatHistory>(
      app.request(`/api/chat/finn?conversation=${carried.conversationId}`, { cookie }),
    );
    expect(chat.conversation).toMatchObject({ kind: "chat", directorId: "finn" });
    expect(chat.messages.map((message) => [message.sender, message.directorId ?? null, message.content])).toEqual([
      ["user", null, "What if we wait until May?"],
      ["ai", null, BOARD_ANSWERS.finn],
      ["ai", "board", BOARD_MEMO],
    ]);
    const turn = await app.request("/api/chat/finn/messages", {
      cookie,
      body: { conversationId: carried.conversationId, text: "Show me the cash numbers." },
    });
    expect(turn.status).toBe(200);
    await streamParts(turn);
    expect(sentTo("finn", -1)).toContain(BOARD_MEMO);
    const again = await app.request(`/api/board/meetings/${conversationId}/continue`, {
      cookie,
      body: { directorId: "ollie" },
    });
    expect(again.status).toBe(400);
  });

  it("stops every answer at once; another reader follows the meeting from the first word", async () => {
    const app = await boardApp();
    const { cookie } = await boardOwner(app, ["martha", "finn"]);
    fake.route = boardRoute({ chunkDelayMs: 150 });
    const response = await app.request("/api/board/meetings", { cookie, body: { text: QUESTION } });
    const reader = boardReader(response);
    const { conversationId } = (await reader.until((event) => event.type === "round")) as { conversationId: string };
    await reader.until((event) => event.type === "delta" && event.author === "martha");
    await reader.until((event) => event.type === "delta" && event.author === "finn");

    const follower = await app.request(`/api/board/meetings/${conversationId}/stream`, { cookie });
    expect(follower.status).toBe(200);
    const second = boardReader(follower);
    const head = await second.until((event) => event.type === "round");
    expect(head.type === "round" && head.answers.map((answer) => answer.author)).toEqual(["martha", "finn", "board"]);
    await second.until((event) => event.type === "delta" && event.author === "finn" && event.offset === 0);

    expect((await app.request(`/api/board/meetings/${conversationId}/stop`, { cookie, body: {} })).status).toBe(200);
    const events = await reader.all();
    for (const author of ["martha", "finn", "board"] as const) {
      expect(endOf(events, author)).toMatchObject({ status: "stopped" });
    }
    expect(endOf(await second.all(), "board")).toMatchObject({ status: "stopped" });
    expect(requestsOf("memo")).toHaveLength(0);
    const meeting = await json<BoardMeeting>(app.request(`/api/board/meetings/${conversationId}`, { cookie }));
    expect(meeting.rounds[0]?.answers.map((answer) => answer.status)).toEqual(["stopped", "stopped"]);
    expect(meeting.rounds[0]?.answers[0]?.content).toBe(textOf(events, "martha"));
    expect((await app.request(`/api/board/meetings/${conversationId}/stream`, { cookie })).status).toBe(204);
  });

  it("answers with the chat's not-configured state when no AI service is connected", async () => {
    const app = await boardApp({ ai: false });
    const { cookie } = await boardOwner(app, ["martha", "finn"]);
    const events = await askBoard(app, cookie, { text: QUESTION });
    expect(textOf(events, "martha")).toBe(notConfiguredReply(requireDirector("martha")));
    expect(endOf(events, "finn")).toMatchObject({ status: "complete", errorCode: "ai:not_configured" });
    expect(textOf(events, "board")).toBe(MEMO_NOT_CONFIGURED);
  });
});

describe("who may hold a board meeting", () => {
  it("needs two trained directors, counts a chat turn per director, and keeps each owner's meetings their own", async () => {
    const app = await boardApp({
      env: { CHAT_RATE_LIMIT_PER_MINUTE: "6" },
      now: () => new Date("2026-03-02T10:00:05.000Z"),
    });
    fake.route = boardRoute();

    // One trained director: the board explains itself instead of holding a meeting.
    const single = await boardOwner(app, ["martha"], "standard");
    const overview = await json<BoardOverview>(app.request("/api/board", { cookie: single.cookie }));
    expect(overview.plan).toMatchObject({ id: "standard", directorCount: 1 });
    expect(overview.directors.find((director) => director.id === "finn")?.state).toBe("over_limit");
    // The preview is the trial's: Standard has none.
    expect(overview.preview).toBeNull();
    const refused = await app.request("/api/board/meetings", { cookie: single.cookie, body: { text: QUESTION } });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe("board:not_enough_directors");

    const owner = await boardOwner(app, ["martha", "finn", "ollie"]);
    const invalid = async (body: Record<string, unknown>) =>
      (
        await json<{ error: { code: string; fields?: Record<string, string> } }>(
          app.request("/api/board/meetings", { cookie: owner.cookie, body }),
          400,
        )
      ).error;
    expect(await invalid({ text: QUESTION, directors: ["martha"] })).toMatchObject({
      code: "validation:board",
      fields: { directors: BOARD_TOO_FEW_DIRECTORS },
    });
    expect((await invalid({ text: QUESTION, directors: ["martha", "harper"] })).fields).toEqual({
      directors: BOARD_UNTRAINED_DIRECTOR,
    });
    expect((await invalid({ text: "   " })).code).toBe("validation:board");

    // Three directors count three chat turns: two meetings reach the limit of six, and a chat turn is refused.
    const first = roundOf(await askBoard(app, owner.cookie, { text: QUESTION }));
    await askBoard(app, owner.cookie, { conversationId: first.conversationId, text: "And in May?" });
    const turn = await app.request("/api/chat/martha/messages", { cookie: owner.cookie, body: { text: "Hello" } });
    expect(turn.status).toBe(429);
    expect((await turn.json()).error.code).toBe("rate_limit:chat");

    // Another owner sees nothing of it and can do nothing with it.
    const other = await boardOwner(app, ["martha", "finn"]);
    const id = first.conversationId;
    const asOther = (path: string, body?: unknown) => app.request(path, { cookie: other.cookie, body });
    for (const response of [
      await asOther(`/api/board/meetings/${id}`),
      await asOther(`/api/board/meetings/${id}/stream`),
      await asOther(`/api/board/meetings/${id}/retry`, { author: "martha" }),
      await asOther(`/api/board/meetings/${id}/stop`, {}),
      await asOther(`/api/board/meetings/${id}/continue`, { directorId: "martha" }),
      await asOther("/api/board/meetings", { conversationId: id, text: "Mine now?" }),
      await asOther(`/api/conversations/${id}/export?format=md`),
    ]) {
      expect(response.status).toBe(404);
    }
    expect((await json<{ hits: SearchHit[] }>(asOther("/api/conversations/search?q=tasting"))).hits).toEqual([]);
    expect((await json<{ conversations: unknown[] }>(asOther("/api/conversations"))).conversations).toEqual([]);
    // Nor is anything that is not a meeting's id.
    expect((await app.request("/api/board/meetings/not-an-id", { cookie: owner.cookie })).status).toBe(404);
  });
});

describe("the free trial's preview meeting", () => {
  it("lets a trial owner hold one meeting of one question with Premium's directors, the untrained answering from the profile", async () => {
    const app = await boardApp();
    fake.route = boardRoute();
    const { cookie } = await boardOwner(app, ["martha"], "free-trial");
    const refusal = async (response: Promise<Response>, status = 403) =>
      (await json<{ error: { code: string; fields?: Record<string, string> } }>(response, status)).error;

    const overview = await json<BoardOverview>(app.request("/api/board", { cookie }));
    expect(overview.preview).toEqual({
      directors: FOUR,
      plan: { id: "premium", name: "Premium", directorCount: 4 },
      meetingId: null,
    });
    // Only the directors the preview offers can sit (sam is not offered on this server).
    expect(
      await refusal(
        app.request("/api/board/meetings", { cookie, body: { text: QUESTION, directors: ["martha", "sam"] } }),
        400,
      ),
    ).toMatchObject({ code: "validation:board", fields: { directors: BOARD_NOT_IN_PREVIEW } });

    const events = await askBoard(app, cookie, { text: QUESTION });
    const { conversationId } = roundOf(events);
    expect(roundOf(events).answers.map((answer) => answer.author)).toEqual([...FOUR, "board"]);
    for (const id of FOUR) expect(textOf(events, id)).toBe(BOARD_ANSWERS[id]);
    expect(endOf(events, "board")).toMatchObject({ status: "complete" });
    // Martha answers from her training; Finn, not trained, from the business profile alone.
    expect(sentTo("martha")).toContain(answersFor("martha").budget);
    expect(sentTo("finn")).toContain(PROFILE.businessName);
    expect(sentTo("finn")).not.toContain(Object.values(answersFor("finn"))[0]);

    const meeting = await json<BoardMeeting>(app.request(`/api/board/meetings/${conversationId}`, { cookie }));
    expect(meeting.preview).toBe(true);
    expect((await json<BoardOverview>(app.request("/api/board", { cookie }))).preview?.meetingId).toBe(conversationId);

    // One question: a retry answers it again, but a follow-up or another meeting is refused, even once it is deleted.
    const retry = await app.request(`/api/board/meetings/${conversationId}/retry`, {
      cookie,
      body: { author: "finn" },
    });
    expect(retry.status).toBe(200);
    expect(textOf(await boardReader(retry).all(), "finn")).toBe(BOARD_ANSWERS.finn);
    expect(
      (await refusal(app.request("/api/board/meetings", { cookie, body: { conversationId, text: "And in May?" } })))
        .code,
    ).toBe("board:preview_follow_up");
    expect((await refusal(app.request("/api/board/meetings", { cookie, body: { text: QUESTION } }))).code).toBe(
      "board:preview_used",
    );
    expect(
      (await app.request(`/api/conversations/${conversationId}`, { cookie, method: "DELETE", body: {} })).status,
    ).toBe(200);
    expect((await refusal(app.request("/api/board/meetings", { cookie, body: { text: QUESTION } }))).code).toBe(
      "board:preview_used",
    );
  });

  it("is held once when two questions race, and is the trial's only", async () => {
    const app = await boardApp();
    fake.route = boardRoute();
    const racer = await boardOwner(app, [], "free-trial");
    const both = await Promise.all(
      [1, 2].map(() => app.request("/api/board/meetings", { cookie: racer.cookie, body: { text: QUESTION } })),
    );
    expect(both.map((response) => response.status).sort()).toEqual([200, 403]);
    for (const response of both) {
      if (response.status === 200) await boardReader(response).all();
      else expect((await response.json()).error.code).toBe("board:preview_used");
    }

    // On Premium with one trained director there is no preview: train another.
    const premium = await boardOwner(app, ["martha"], "premium");
    expect((await json<BoardOverview>(app.request("/api/board", { cookie: premium.cookie }))).preview).toBeNull();
    const refused = await app.request("/api/board/meetings", { cookie: premium.cookie, body: { text: QUESTION } });
    expect((await refused.json()).error.code).toBe("board:not_enough_directors");
  });
});

describe("the columns of a round start together", () => {
  const turn = () => new Promise((resolve) => setImmediate(resolve));

  it("holds a started column's rest until every column has started or ended without starting", async () => {
    const gate = startTogether(3, 60_000);
    const stop = new AbortController();
    let released = false;
    const martha = gate.wait(0, stop.signal).then(() => {
      released = true;
    });
    await turn();
    expect(released).toBe(false);
    // Ollie failed before his first words: nobody waits for him.
    gate.started(2);
    await turn();
    expect(released).toBe(false);
    // Finn, the last to start, waits for nobody and lets Martha go on.
    await gate.wait(1, stop.signal);
    await martha;
    expect(released).toBe(true);
  });

  it("lets a column go on when it is stopped, or when the others are slower than the limit", async () => {
    const stop = new AbortController();
    const waiting = startTogether(2, 60_000).wait(0, stop.signal);
    stop.abort("owner");
    await waiting;
    // A director the AI service is slow to answer holds the others up only for the limit (here 1 ms).
    await startTogether(2, 1).wait(0, new AbortController().signal);
  });
});
