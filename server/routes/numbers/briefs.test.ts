import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ChatHistory } from "../../../shared/chat";
import type { BriefsOverview, Metric } from "../../../shared/numbers";
import { directorBriefs, directorTrainings } from "../../db/schema";
import { numbersSweepJob } from "../../numbers/numbers-sweep-job";
import { type FakeAiServer, type RecordedRequest, startFakeAiServer } from "../../test/fake-ai-server";
import { answersFor, givePlan } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

let fake: FakeAiServer;
beforeEach(async () => {
  fake = await startFakeAiServer();
  // A brief request answers with the revenue block's number, as the model would cite it.
  fake.route = (request) => (isBriefRequest(request) ? { reply: briefReply(request) } : undefined);
});
afterEach(async () => {
  await fake.close();
});

function isBriefRequest(request: RecordedRequest): boolean {
  return JSON.stringify(request.body.response_format ?? "").includes("weekly_brief");
}

/** The user turn of a brief request. */
function briefPrompt(request: RecordedRequest): string {
  const messages = request.body.messages as Array<{ role: string; content: string }>;
  return messages.at(-1)?.content ?? "";
}

function briefReply(request: RecordedRequest): string {
  const n = briefPrompt(request).match(/^\[(\d+)\] Weekly revenue:/m)?.[1] ?? "1";
  return JSON.stringify({
    moved: `Revenue fell to £12,400 [${n}], below your four-week average.`,
    risk: `Cash may run short before the Christmas stock order [${n}].`,
    action: "Chase the three unpaid invoices this week.",
  });
}

const briefRequests = () => fake.requests.filter(isBriefRequest);

/** A clock the test moves. Wednesday 25 November 2026 to start. */
function clock(start = "2026-11-25T10:00:00Z") {
  let now = new Date(start);
  return { now: () => now, advance: (ms: number) => (now = new Date(now.getTime() + ms)) };
}

function numbersApp(now: () => Date, database?: Awaited<ReturnType<typeof createTestDatabase>>, logLines?: string[]) {
  return createTestApp({
    now,
    database,
    logLines,
    env: {
      AI_BASE_URL: fake.url,
      AI_API_KEY: "briefs-test",
      CHAT_MODEL: "test-chat",
      EMBEDDING_MODEL: "none",
      BRIEF_SPREAD_SECONDS: "0",
      ...(logLines ? { LOG_LEVEL: "info" } : {}),
    },
  });
}

/** An owner on premium with Finn and Martha trained and a weekly revenue metric with four weeks of values. */
async function owner(app: TestApp) {
  const { cookie, user } = await app.signUp();
  await givePlan(app.deps, user.id, "premium");
  const trainedAt = app.deps.now();
  await app.db.insert(directorTrainings).values([
    { userId: user.id, directorId: "finn", answers: answersFor("finn"), trainedAt },
    { userId: user.id, directorId: "martha", answers: answersFor("martha"), trainedAt },
  ]);
  await app.request("/api/numbers/settings", {
    method: "PUT",
    cookie,
    body: { timeZone: "Europe/London", currency: "GBP" },
  });
  const created = await app.request("/api/numbers/metrics", {
    cookie,
    body: { name: "Weekly revenue", unit: "money", directorId: "finn", target: 15000 },
  });
  const revenue = (await created.json()) as Metric;
  const entries = [14000, 14500, 13800].map((value, index) => ({
    metricId: revenue.id,
    period: ["2026-10-26", "2026-11-02", "2026-11-09"][index],
    value,
  }));
  expect((await app.request("/api/numbers/check-ins", { cookie, body: { entries } })).status).toBe(201);
  // The week before last (9 Nov) has its values and its check-in week has ended: its briefs are written now.
  await app.jobsIdle();
  return { cookie, user, revenue };
}

function checkIn(app: TestApp, cookie: string, metricId: string, period: string, value: number) {
  return app.request("/api/numbers/check-ins", {
    cookie,
    body: { entries: [{ metricId, period, value, confirmed: true }] },
  });
}

async function briefs(app: TestApp, cookie: string) {
  const response = await app.request("/api/numbers/briefs", { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as BriefsOverview;
}

async function briefRows(app: TestApp, userId: string) {
  return app.db
    .select({ directorId: directorBriefs.directorId, period: directorBriefs.period, status: directorBriefs.status })
    .from(directorBriefs)
    .where(eq(directorBriefs.userId, userId))
    .orderBy(directorBriefs.period, directorBriefs.directorId);
}

describe("weekly briefs", () => {
  it("are written once per trained director after the check-in, cite the owner's figures, and open a chat", async () => {
    const time = clock();
    const logLines: string[] = [];
    const app = await numbersApp(time.now, undefined, logLines);
    const { cookie, user, revenue } = await owner(app);
    const earlier = briefRequests().length;
    expect(earlier).toBe(2);

    // The check-in for the week just finished completes it: each trained director's brief is written.
    expect((await checkIn(app, cookie, revenue.id, "2026-11-16", 12400)).status).toBe(201);
    await app.jobsIdle();
    const week = await briefs(app, cookie);
    expect(week.period).toBe("2026-11-16");
    expect(week.briefs.map((brief) => [brief.directorId, brief.status])).toEqual([
      ["finn", "ready"],
      ["martha", "ready"],
    ]);
    const finn = week.briefs.find((brief) => brief.directorId === "finn");
    const revenueBlock = finn?.sources.find((source) => source.kind === "number");
    expect(revenueBlock).toMatchObject({ cited: true, metricId: revenue.id });
    expect(finn?.content?.moved).toBe(`Revenue fell to £12,400 [${revenueBlock?.n}], below your four-week average.`);
    // The model was given the figure as a numbered block.
    expect(briefPrompt(briefRequests()[earlier] as RecordedRequest)).toMatch(
      /^\[\d+\] Weekly revenue: £12,400 for the week of 16 Nov 2026, down 12 % on the 3-week average/m,
    );

    // Saving again, a sweep, another sweep: nothing is written twice.
    expect((await checkIn(app, cookie, revenue.id, "2026-11-16", 12500)).status).toBe(201);
    await app.deps.jobs.send(numbersSweepJob, {});
    await app.jobsIdle();
    await app.deps.jobs.send(numbersSweepJob, {});
    await app.jobsIdle();
    expect(await briefRows(app, user.id)).toHaveLength(4);
    expect(briefRequests()).toHaveLength(4);

    // "Discuss" starts a conversation with Finn that opens with the brief and its sources.
    const discuss = await app.request(`/api/numbers/briefs/${finn?.id}/discuss`, { cookie, body: {} });
    expect(discuss.status).toBe(201);
    const { conversationId } = (await discuss.json()) as { conversationId: string };
    const chat = (await (
      await app.request(`/api/chat/finn?conversation=${conversationId}`, { cookie })
    ).json()) as ChatHistory;
    expect(chat.conversation?.id).toBe(conversationId);
    expect(chat.messages.at(-2)?.content).toMatch(
      /^Let's discuss your weekly brief, week of \d+ [A-Z][a-z]{2} \d{4}\.$/,
    );
    const opening = chat.messages.at(-1);
    expect(opening?.content).toContain("**What moved:** Revenue fell to £12,400");
    expect(opening?.sources?.find((source) => source.n === revenueBlock?.n)?.cited).toBe(true);

    // Another owner sees none of it and cannot discuss it.
    const other = await app.signUp();
    expect(await briefs(app, other.cookie)).toEqual({ period: null, briefs: [], month: null });
    const stranger = await app.request(`/api/numbers/briefs/${finn?.id}/discuss`, { cookie: other.cookie, body: {} });
    expect(stranger.status).toBe(404);

    const log = logLines.join("\n");
    for (const secret of ["Weekly revenue", "12400", "12,400", "unpaid invoices"]) expect(log).not.toContain(secret);
  });

  it("are written at the end of a skipped check-in's week, and once only after downtime", async () => {
    const time = clock();
    const app = await numbersApp(time.now);
    const { cookie, user } = await owner(app);
    // No check-in for the week of 16 Nov; its check-in week ends on Sunday 29 Nov, and the sweep writes it then.
    await app.deps.jobs.send(numbersSweepJob, {});
    await app.jobsIdle();
    expect(await briefRows(app, user.id)).toEqual([
      { directorId: "finn", period: "2026-11-09", status: "ready" },
      { directorId: "martha", period: "2026-11-09", status: "ready" },
    ]);

    // The server is down for five weeks: the sweep afterwards writes the week before last, once, not every week missed.
    time.advance(5 * WEEK_MS);
    for (let round = 0; round < 3; round++) {
      await app.deps.jobs.send(numbersSweepJob, {});
      await app.jobsIdle();
    }
    const rows = await briefRows(app, user.id);
    expect(rows.map((row) => row.period)).toEqual(["2026-11-09", "2026-11-09", "2026-12-14", "2026-12-14"]);
    expect((await briefs(app, cookie)).briefs.every((brief) => brief.status === "ready")).toBe(true);
  });

  it("stay pending while the AI service is down and are written once when it returns, with two processes", async () => {
    const time = clock();
    const database = await createTestDatabase();
    const first = await numbersApp(time.now, database);
    const second = await numbersApp(time.now, database);
    const { cookie, user, revenue } = await owner(first);

    const before = briefRequests().length;
    fake.down = true;
    expect((await checkIn(first, cookie, revenue.id, "2026-11-16", 12400)).status).toBe(201);
    // Both processes sweep at once while the first brief jobs fail.
    await Promise.all([first.deps.jobs.send(numbersSweepJob, {}), second.deps.jobs.send(numbersSweepJob, {})]);
    await expect.poll(() => briefRequests().length, { timeout: 10_000 }).toBeGreaterThan(before);
    expect((await briefs(first, cookie)).briefs.map((brief) => brief.status)).toEqual(["pending", "pending"]);

    fake.down = false;
    await expect
      .poll(async () => (await briefs(second, cookie)).briefs.map((brief) => brief.status), { timeout: 20_000 })
      .toEqual(["ready", "ready"]);
    await first.jobsIdle();
    await second.jobsIdle();
    const rows = await briefRows(first, user.id);
    expect(rows.filter((row) => row.period === "2026-11-16")).toHaveLength(2);
    // Once written, a brief is not asked for again, whichever process sweeps.
    const settled = briefRequests().length;
    await Promise.all([first.deps.jobs.send(numbersSweepJob, {}), second.deps.jobs.send(numbersSweepJob, {})]);
    await first.jobsIdle();
    await second.jobsIdle();
    expect(briefRequests()).toHaveLength(settled);
  });

  it("monthly: written once a month on the monthly metrics, beside the weekly ones, catching up once", async () => {
    const time = clock();
    const app = await numbersApp(time.now);
    const { cookie, user } = await owner(app);
    const created = await app.request("/api/numbers/metrics", {
      cookie,
      body: { name: "Monthly cash", unit: "money", cadence: "monthly", directorId: "finn" },
    });
    const cash = (await created.json()) as Metric;
    const monthly = async () => {
      const rows = await app.db
        .select({ directorId: directorBriefs.directorId, period: directorBriefs.period, status: directorBriefs.status })
        .from(directorBriefs)
        .where(and(eq(directorBriefs.userId, user.id), eq(directorBriefs.cadence, "monthly")))
        .orderBy(directorBriefs.period, directorBriefs.directorId);
      return rows.map((row) => `${row.directorId} ${row.period} ${row.status}`);
    };
    const sweep = async () => {
      await app.deps.jobs.send(numbersSweepJob, {});
      await app.jobsIdle();
    };

    // October's check-in (the month before the metric was added) completes it: each trained director's monthly brief.
    expect((await checkIn(app, cookie, cash.id, "2026-10-01", 30000)).status).toBe(201);
    await app.jobsIdle();
    await sweep();
    expect(await monthly()).toEqual(["finn 2026-10-01 ready", "martha 2026-10-01 ready"]);
    const overview = await briefs(app, cookie);
    expect(overview.month?.period).toBe("2026-10-01");
    expect(overview.month?.briefs.map((brief) => [brief.directorId, brief.cadence])).toEqual([
      ["finn", "monthly"],
      ["martha", "monthly"],
    ]);
    expect(overview.briefs.every((brief) => brief.cadence === "weekly")).toBe(true);
    const prompt = briefPrompt(briefRequests().at(-1) as RecordedRequest);
    expect(prompt).toContain("The month: October 2026.");
    expect(prompt).toContain("Write your monthly brief");

    // Down from November to mid-March: one catch-up, for January (its check-in month has ended), not one per month.
    time.advance(new Date("2027-03-17T10:00:00Z").getTime() - time.now().getTime());
    await sweep();
    await sweep();
    expect(await monthly()).toEqual([
      "finn 2026-10-01 ready",
      "martha 2026-10-01 ready",
      "finn 2027-01-01 ready",
      "martha 2027-01-01 ready",
    ]);

    // 1 March 2027 is a Monday: its week's brief and its month's are two briefs.
    time.advance(new Date("2027-04-02T10:00:00Z").getTime() - time.now().getTime());
    // The check-in fills every month still due, up to March.
    const entries = ["2026-11-01", "2026-12-01", "2027-01-01", "2027-02-01", "2027-03-01"].map((period, index) => ({
      metricId: cash.id,
      period,
      value: 30000 + index * 500,
      confirmed: true,
    }));
    expect((await app.request("/api/numbers/check-ins", { cookie, body: { entries } })).status).toBe(201);
    await app.jobsIdle();
    expect((await monthly()).slice(4)).toEqual([
      "finn 2027-02-01 ready",
      "martha 2027-02-01 ready",
      "finn 2027-03-01 ready",
      "martha 2027-03-01 ready",
    ]);
    const firstOfMarch = await app.db
      .select({ cadence: directorBriefs.cadence })
      .from(directorBriefs)
      .where(
        and(
          eq(directorBriefs.userId, user.id),
          eq(directorBriefs.directorId, "finn"),
          eq(directorBriefs.period, "2027-03-01"),
        ),
      );
    expect(firstOfMarch.map((row) => row.cadence).sort()).toEqual(["monthly", "weekly"]);
    expect((await briefs(app, cookie)).month?.period).toBe("2027-03-01");
  });
});
