import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ChatHistory } from "../../../shared/chat";
import type { ApiErrorBody } from "../../../shared/errors";
import type { ScheduledRequest, SchedulesOverview } from "../../../shared/schedules";
import { directorTrainings, scheduledRuns } from "../../db/schema";
import { numbersSweepJob } from "../../numbers/numbers-sweep-job";
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
    const chat = (await (
      await test.request(`/api/chat/finn?conversation=${listed?.runs[0]?.conversationId}`, { cookie })
    ).json()) as ChatHistory;
    expect(chat.messages.map((message) => message.content)).toEqual(expect.arrayContaining([QUESTION, ANSWER]));

    // Opened: no longer new.
    const seen = await test.request(`/api/schedules/runs/${listed?.runs[0]?.id}/seen`, { cookie, body: {} });
    expect(seen.status).toBe(200);
    expect((await schedules(test, cookie)).schedules[0]?.runs[0]?.isNew).toBe(false);

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
});
