import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ChatHistory, ConversationSummary } from "../../../shared/chat";
import type { ApiErrorBody } from "../../../shared/errors";
import type { ScheduledRequest, SchedulesOverview } from "../../../shared/schedules";
import { directorTrainings, scheduledRuns } from "../../db/schema";
import { numbersSweepJob } from "../../numbers/numbers-sweep-job";
import { streamedText, streamParts } from "../../test/chat-stream";
import { type FakeAiServer, startFakeAiServer } from "../../test/fake-ai-server";
import { answersFor, givePlan } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

let fake: FakeAiServer;
beforeEach(async () => {
  fake = await startFakeAiServer();
});
afterEach(async () => {
  await fake.close();
});

const QUESTION = "Which invoices should I chase this week?";
const REWORDED = "Which invoices should I chase this month?";
const ANSWER = "Chase the two oldest invoices first.";
const scheduledAnswers = () =>
  fake.chatRequests().filter((request) => JSON.stringify(request.body.messages).includes(QUESTION));

function app(now: () => Date, database?: Awaited<ReturnType<typeof createTestDatabase>>) {
  return createTestApp({
    now,
    database,
    env: {
      AI_BASE_URL: fake.url,
      AI_API_KEY: "schedules-test",
      CHAT_MODEL: "test-chat",
      EMBEDDING_MODEL: "none",
      BRIEF_SPREAD_SECONDS: "0",
    },
  });
}

async function owner(test: TestApp, plan: "free-trial" | "premium" = "premium") {
  const { cookie, user } = await test.signUp();
  await givePlan(test.deps, user.id, plan);
  await test.db
    .insert(directorTrainings)
    .values({ userId: user.id, directorId: "finn", answers: answersFor("finn"), trainedAt: test.deps.now() });
  return { cookie, user };
}

async function sweep(test: TestApp) {
  await test.deps.jobs.send(numbersSweepJob, {});
  await test.jobsIdle();
}

async function schedules(test: TestApp, cookie: string) {
  const response = await test.request("/api/schedules", { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as SchedulesOverview;
}

/** The conversations the chat's list flags as new. */
async function flaggedNew(test: TestApp, cookie: string) {
  const response = await test.request("/api/conversations", { cookie });
  const { conversations } = (await response.json()) as { conversations: ConversationSummary[] };
  return conversations.filter((conversation) => conversation.isNew).map((conversation) => conversation.id);
}

describe("scheduled requests", () => {
  it("ask the question once a period as a new conversation, new until opened; paused, changed, deleted", async () => {
    let now = new Date("2026-11-25T10:00:00Z");
    const test = await app(() => now);
    const { cookie } = await owner(test);
    const created = await test.request("/api/schedules", {
      cookie,
      body: { directorId: "finn", question: QUESTION, cadence: "weekly" },
    });
    expect(created.status).toBe(201);
    const schedule = (await created.json()) as ScheduledRequest;

    // The sweep asks it once this week, however often it runs; the answer is a conversation of its own.
    fake.defaultReply = () => ANSWER;
    await sweep(test);
    await sweep(test);
    expect(scheduledAnswers()).toHaveLength(1);
    let listed = (await schedules(test, cookie)).schedules[0];
    expect(listed?.runs).toMatchObject([{ period: "2026-11-23", status: "ready", isNew: true }]);
    const conversationId = listed?.runs[0]?.conversationId;
    // The chat's conversation list flags it as new until it is opened.
    expect(await flaggedNew(test, cookie)).toEqual([conversationId]);
    const chat = (await (
      await test.request(`/api/chat/finn?conversation=${conversationId}`, { cookie })
    ).json()) as ChatHistory;
    expect(chat.messages.map((message) => message.content)).toEqual(expect.arrayContaining([QUESTION, ANSWER]));

    // Opened: no longer new, in the list nor in Settings; marking it again changes nothing.
    expect(await flaggedNew(test, cookie)).toEqual([]);
    expect((await schedules(test, cookie)).schedules[0]?.runs[0]?.isNew).toBe(false);
    const seen = await test.request(`/api/schedules/runs/${listed?.runs[0]?.id}/seen`, { cookie, body: {} });
    expect(seen.status).toBe(200);

    // Down for three weeks: one run for the current week, not one per missed week.
    now = new Date(now.getTime() + 3 * WEEK_MS);
    await sweep(test);
    listed = (await schedules(test, cookie)).schedules[0];
    expect(listed?.runs.map((run) => run.period)).toEqual(["2026-12-14", "2026-11-23"]);

    // Paused: no run the next week. Resumed as monthly: one run for December.
    await test.request(`/api/schedules/${schedule.id}`, { method: "PATCH", cookie, body: { paused: true } });
    now = new Date(now.getTime() + WEEK_MS);
    await sweep(test);
    expect((await schedules(test, cookie)).schedules[0]?.runs).toHaveLength(2);
    const resumed = await test.request(`/api/schedules/${schedule.id}`, {
      method: "PATCH",
      cookie,
      body: { paused: false, cadence: "monthly" },
    });
    expect(await resumed.json()).toMatchObject({ paused: false, cadence: "monthly" });
    await sweep(test);
    expect((await schedules(test, cookie)).schedules[0]?.runs.map((run) => run.period)).toEqual([
      "2026-12-14",
      "2026-12-01",
      "2026-11-23",
    ]);

    // The wording changed: the next period asks the new question.
    const reworded = await test.request(`/api/schedules/${schedule.id}`, {
      method: "PATCH",
      cookie,
      body: { question: REWORDED },
    });
    expect(await reworded.json()).toMatchObject({ question: REWORDED, cadence: "monthly" });
    now = new Date("2027-01-04T10:00:00Z");
    await sweep(test);
    expect(
      fake.chatRequests().filter((request) => JSON.stringify(request.body.messages).includes(REWORDED)),
    ).toHaveLength(1);
    expect(await flaggedNew(test, cookie)).toHaveLength(3);

    // Another owner can neither see, change, delete nor mark it.
    const other = await owner(test);
    expect((await schedules(test, other.cookie)).schedules).toEqual([]);
    for (const response of await Promise.all([
      test.request(`/api/schedules/${schedule.id}`, { method: "PATCH", cookie: other.cookie, body: { paused: true } }),
      test.request(`/api/schedules/${schedule.id}`, { method: "DELETE", cookie: other.cookie, body: {} }),
      test.request(`/api/schedules/runs/${listed?.runs[0]?.id}/seen`, { cookie: other.cookie, body: {} }),
    ])) {
      expect(response.status).toBe(404);
    }

    const deleted = await test.request(`/api/schedules/${schedule.id}`, { method: "DELETE", cookie, body: {} });
    expect(deleted.status).toBe(200);
    expect((await schedules(test, cookie)).schedules).toEqual([]);
  });

  it("leave the conversation the owner was having as the director's current one", async () => {
    const test = await app(() => new Date("2026-11-25T10:00:00Z"));
    const { cookie } = await owner(test);
    fake.queueChat({ reply: "Cash is fine until March." });
    const asked = await test.request("/api/chat/finn/messages", {
      cookie,
      body: { text: "How long does my cash last?" },
    });
    expect(streamedText(await streamParts(asked))).toBe("Cash is fine until March.");
    const before = (await (await test.request("/api/chat/finn", { cookie })).json()) as ChatHistory;
    await test.request("/api/schedules", {
      cookie,
      body: { directorId: "finn", question: QUESTION, cadence: "weekly" },
    });
    fake.defaultReply = () => ANSWER;
    await sweep(test);

    const after = (await (await test.request("/api/chat/finn", { cookie })).json()) as ChatHistory;
    expect(after.conversation?.id).toBe(before.conversation?.id);
    expect(after.messages.at(-1)?.content).toBe("Cash is fine until March.");
    expect(await flaggedNew(test, cookie)).toHaveLength(1);
  });

  it("keep to the plan's limit, and run once with two processes through an AI outage", async () => {
    const now = new Date("2026-11-25T10:00:00Z");
    const database = await createTestDatabase();
    const first = await app(() => now, database);
    const second = await app(() => now, database);
    const { cookie, user } = await owner(first, "free-trial");
    const body = { directorId: "finn", question: QUESTION };
    expect((await first.request("/api/schedules", { cookie, body })).status).toBe(201);
    const over = await first.request("/api/schedules", { cookie, body });
    expect(over.status).toBe(403);
    expect(((await over.json()) as ApiErrorBody).error.message).toBe(
      "Your plan repeats at most 1 question. Remove one or upgrade your plan.",
    );

    fake.down = true;
    await Promise.all([first.deps.jobs.send(numbersSweepJob, {}), second.deps.jobs.send(numbersSweepJob, {})]);
    await expect.poll(() => scheduledAnswers().length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect((await schedules(first, cookie)).schedules[0]?.runs).toMatchObject([{ status: "pending" }]);
    fake.down = false;
    await expect
      .poll(async () => (await schedules(second, cookie)).schedules[0]?.runs[0]?.status, { timeout: 20_000 })
      .toBe("ready");
    await Promise.all([first.deps.jobs.send(numbersSweepJob, {}), second.deps.jobs.send(numbersSweepJob, {})]);
    await first.jobsIdle();
    await second.jobsIdle();
    const runs = await first.db.select().from(scheduledRuns).where(eq(scheduledRuns.userId, user.id));
    expect(runs).toHaveLength(1);
  });

  it("monthly: once per month in the owner's time zone, with two processes, after downtime and across a clock change", async () => {
    let now = new Date("2026-11-30T10:00:00Z");
    const database = await createTestDatabase();
    const first = await app(() => now, database);
    const second = await app(() => now, database);
    const { cookie, user } = await owner(first);
    fake.defaultReply = () => ANSWER;
    // Auckland is 13 hours ahead in its summer and 12 after its clocks go back on 4 April 2027.
    await first.request("/api/numbers/settings", { method: "PUT", cookie, body: { timeZone: "Pacific/Auckland" } });
    const created = await first.request("/api/schedules", {
      cookie,
      body: { directorId: "finn", question: QUESTION, cadence: "monthly" },
    });
    expect(created.status).toBe(201);
    const bothSweep = async () => {
      await Promise.all([first.deps.jobs.send(numbersSweepJob, {}), second.deps.jobs.send(numbersSweepJob, {})]);
      await first.jobsIdle();
      await second.jobsIdle();
    };
    const periods = async () => {
      const runs = await first.db.select().from(scheduledRuns).where(eq(scheduledRuns.userId, user.id));
      return runs.map((run) => run.period).sort();
    };

    // 23:00 on 30 November in Auckland: November's run.
    await bothSweep();
    expect(await periods()).toEqual(["2026-11-01"]);
    // 00:30 on 1 December there (still 30 November in UTC): December's, once, though both processes swept twice.
    now = new Date("2026-11-30T11:30:00Z");
    await bothSweep();
    await bothSweep();
    expect(await periods()).toEqual(["2026-11-01", "2026-12-01"]);
    // Down from December to 10 April, past the clock change: one catch-up run for April, none for the months missed.
    now = new Date("2027-04-10T09:00:00Z");
    await bothSweep();
    expect(await periods()).toEqual(["2026-11-01", "2026-12-01", "2027-04-01"]);
    // 23:30 on 30 April in Auckland, on its winter time: still April. Half past midnight: May.
    now = new Date("2027-04-30T11:30:00Z");
    await bothSweep();
    expect(await periods()).toHaveLength(3);
    now = new Date("2027-04-30T12:30:00Z");
    await bothSweep();
    expect(await periods()).toEqual(["2026-11-01", "2026-12-01", "2027-04-01", "2027-05-01"]);
    // Each run answered once, each its own conversation.
    expect(scheduledAnswers()).toHaveLength(4);
    expect(await flaggedNew(first, cookie)).toHaveLength(4);
  });
});
