import { describe, expect, it } from "vitest";
import type { ApiErrorBody } from "../../../shared/errors";
import type { ImportPreview, Metric, NumbersOverview } from "../../../shared/numbers";
import type { PlanId } from "../../../shared/plans";
import { directorTrainings } from "../../db/schema";
import { answersFor, givePlan } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/test-app";

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** A clock the test moves; the app reads it for every "now". */
function clock(start: string) {
  let now = new Date(start);
  return {
    now: () => now,
    set: (iso: string) => (now = new Date(iso)),
    advance: (ms: number) => (now = new Date(now.getTime() + ms)),
  };
}

/** A signed-up owner with a plan, the test profile ("Monthly revenue, active subscribers and churn.") and Finn trained. */
async function owner(app: TestApp, plan: PlanId = "premium") {
  const { cookie, user } = await app.signUp();
  await givePlan(app.deps, user.id, plan);
  await app.db
    .insert(directorTrainings)
    .values({ userId: user.id, directorId: "finn", answers: answersFor("finn"), trainedAt: app.deps.now() });
  return { cookie, user };
}

async function overview(app: TestApp, cookie: string) {
  const response = await app.request("/api/numbers", { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as NumbersOverview;
}

async function addMetric(app: TestApp, cookie: string, body: Record<string, unknown>) {
  const response = await app.request("/api/numbers/metrics", { cookie, body });
  expect(response.status).toBe(201);
  return (await response.json()) as Metric;
}

function checkIn(app: TestApp, cookie: string, entries: Array<Record<string, unknown>>) {
  return app.request("/api/numbers/check-ins", { cookie, body: { entries } });
}

describe("the owner's numbers", () => {
  it("suggests metrics from the success answer and the trained director, and keeps the plan's limit", async () => {
    const time = clock("2026-11-25T10:00:00Z");
    const app = await createTestApp({ now: time.now });
    const { cookie } = await owner(app, "free-trial");
    const first = await overview(app, cookie);
    expect(first.suggestions.map((s) => `${s.name} (${s.directorId})`)).toEqual([
      "Revenue (finn)",
      "Active subscribers (finn)",
      "Churn (finn)",
      "Cash in the bank (finn)",
      "Gross margin (finn)",
    ]);
    expect(first.metricLimit).toBe(5);

    // Kept suggestions leave the list; an edited one keeps its new name.
    const revenue = first.suggestions[0];
    await addMetric(app, cookie, { ...revenue, name: "Weekly revenue", reason: undefined });
    const next = await overview(app, cookie);
    expect(next.metrics.map((m) => m.name)).toEqual(["Weekly revenue"]);
    expect(next.suggestions.map((s) => s.name)).toContain("Revenue");
    for (const name of ["A", "B", "C", "D"]) await addMetric(app, cookie, { name, unit: "count", directorId: "finn" });
    const over = await app.request("/api/numbers/metrics", {
      cookie,
      body: { name: "E", unit: "count", directorId: "finn" },
    });
    expect(over.status).toBe(403);
    expect(((await over.json()) as ApiErrorBody).error.message).toBe(
      "Your plan tracks at most 5 metrics. Remove one or upgrade your plan to add more.",
    );

    // Edited and removed.
    const changed = await app.request(`/api/numbers/metrics/${next.metrics[0]?.id}`, {
      method: "PATCH",
      cookie,
      body: { target: 15000, cadence: "monthly" },
    });
    expect(((await changed.json()) as Metric).target).toBe(15000);
    const removed = await app.request(`/api/numbers/metrics/${next.metrics[0]?.id}`, {
      method: "DELETE",
      cookie,
      body: {},
    });
    expect(removed.status).toBe(200);
    expect((await overview(app, cookie)).metrics.map((m) => m.name)).toEqual(["A", "B", "C", "D"]);

    const unnamed = await app.request("/api/numbers/metrics", {
      cookie,
      body: { name: " ", unit: "count", directorId: "finn" },
    });
    expect(((await unnamed.json()) as ApiErrorBody).error.fields?.name).toBe("Give the metric a name.");
  });

  it("asks for last week at once, keeps missed weeks in one form, and refuses or questions doubtful values", async () => {
    // Wednesday 25 November 2026.
    const time = clock("2026-11-25T10:00:00Z");
    const app = await createTestApp({ now: time.now });
    const { cookie } = await owner(app);
    const revenue = await addMetric(app, cookie, { name: "Revenue", unit: "money", directorId: "finn", target: 15000 });
    const rate = await addMetric(app, cookie, { name: "Conversion", unit: "percent", directorId: "finn" });
    let numbers = await overview(app, cookie);
    expect(numbers.due.map((d) => [d.metricId, d.period])).toEqual([
      [revenue.id, "2026-11-16"],
      [rate.id, "2026-11-16"],
    ]);

    // Refused: a percentage over 100, a week not yet begun; nothing is saved.
    const refused = await checkIn(app, cookie, [
      { metricId: revenue.id, period: "2026-12-07", value: 12000 },
      { metricId: rate.id, period: "2026-11-16", value: 140 },
    ]);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as ApiErrorBody).error.fields).toEqual({
      "entries.0.period": "This period has not started yet. Enter values for this period or earlier ones.",
      "entries.1.value": "A percentage cannot be more than 100.",
    });
    const notNumber = await checkIn(app, cookie, [{ metricId: rate.id, period: "2026-11-16", value: "12,5" }]);
    expect(((await notNumber.json()) as ApiErrorBody).error.fields?.["entries.0.value"]).toBe(
      "Enter a number, such as 1,250 or 12.5.",
    );

    // Backfill and the due week in one go; any day of a week files it under its Monday.
    const saved = await checkIn(app, cookie, [
      { metricId: revenue.id, period: "2026-11-12", value: 11000 },
      { metricId: revenue.id, period: "2026-11-16", value: 12400, note: "Black Friday prep" },
      { metricId: rate.id, period: "2026-11-16", value: 3.5 },
    ]);
    expect(saved.status).toBe(201);
    numbers = await overview(app, cookie);
    expect(numbers.due).toEqual([]);
    expect(numbers.values.map((v) => [v.period, v.value, v.note])).toEqual([
      ["2026-11-09", 11000, null],
      ["2026-11-16", 12400, "Black Friday prep"],
      ["2026-11-16", 3.5, null],
    ]);

    // Two weeks pass without a check-in: both weeks are due in the same form, the last value beside each.
    time.advance(2 * WEEK_MS);
    numbers = await overview(app, cookie);
    expect(numbers.due.filter((d) => d.metricId === revenue.id)).toEqual([
      { metricId: revenue.id, period: "2026-11-23", previous: { period: "2026-11-16", value: 12400 } },
      { metricId: revenue.id, period: "2026-11-30", previous: { period: "2026-11-16", value: 12400 } },
    ]);
    const badge = await app.request("/api/numbers/due", { cookie });
    expect(await badge.json()).toEqual({ due: 4 });

    // A tenfold jump and a second value for a week are asked about, then saved once confirmed.
    const questioned = await checkIn(app, cookie, [
      { metricId: revenue.id, period: "2026-11-23", value: 130000 },
      { metricId: revenue.id, period: "2026-11-16", value: 12500 },
    ]);
    expect(questioned.status).toBe(409);
    expect(((await questioned.json()) as ApiErrorBody).error.fields).toEqual({
      "entries.0.value":
        "This is more than ten times bigger or smaller than the value next to it. Check it, then save again to keep it.",
      "entries.1.value": "This period already has a value. Save again to replace it.",
    });
    const confirmed = await checkIn(app, cookie, [
      { metricId: revenue.id, period: "2026-11-23", value: 130000, confirmed: true },
      { metricId: revenue.id, period: "2026-11-16", value: 12500, confirmed: true },
    ]);
    expect(confirmed.status).toBe(201);
    numbers = await overview(app, cookie);
    expect(numbers.values.filter((v) => v.metricId === revenue.id).map((v) => v.value)).toEqual([11000, 12500, 130000]);
  });

  it("starts the owner's week at their local midnight, across a daylight-saving change", async () => {
    // Sunday 29 March 2026, 23:30 UTC: London moved to summer time that morning, so its new week began at 23:00 UTC.
    const time = clock("2026-03-25T12:00:00Z");
    const app = await createTestApp({ now: time.now });
    const { cookie } = await owner(app);
    const saved = await app.request("/api/numbers/settings", {
      method: "PUT",
      cookie,
      body: { timeZone: "Europe/London", currency: "GBP" },
    });
    expect(await saved.json()).toEqual({ timeZone: "Europe/London", currency: "GBP", reminders: true, saved: true });
    const revenue = await addMetric(app, cookie, { name: "Revenue", unit: "money", directorId: "finn" });
    await checkIn(app, cookie, [{ metricId: revenue.id, period: "2026-03-16", value: 900 }]);

    time.set("2026-03-29T22:59:00Z");
    expect((await overview(app, cookie)).due).toEqual([]);
    time.set("2026-03-29T23:30:00Z");
    const london = await overview(app, cookie);
    expect(london.current.weekly).toBe("2026-03-30");
    expect(london.due.map((d) => d.period)).toEqual(["2026-03-23"]);
    // The current week may be entered; the next one is still in the future.
    const ahead = await checkIn(app, cookie, [{ metricId: revenue.id, period: "2026-04-06", value: 1000 }]);
    expect(ahead.status).toBe(400);
    expect((await checkIn(app, cookie, [{ metricId: revenue.id, period: "2026-03-30", value: 1000 }])).status).toBe(
      201,
    );

    // In UTC the same instant is still Sunday of the old week.
    await app.request("/api/numbers/settings", { method: "PUT", cookie, body: { timeZone: "UTC" } });
    expect((await overview(app, cookie)).current.weekly).toBe("2026-03-23");
    const wrong = await app.request("/api/numbers/settings", {
      method: "PUT",
      cookie,
      body: { timeZone: "Mars/Olympus" },
    });
    expect(((await wrong.json()) as ApiErrorBody).error.fields?.timeZone).toBe("Choose a time zone from the list.");
  });

  it("never shows or changes another owner's metrics or values, and logs none of them", async () => {
    const logLines: string[] = [];
    const app = await createTestApp({ now: clock("2026-11-25T10:00:00Z").now, env: { LOG_LEVEL: "info" }, logLines });
    const first = await owner(app);
    const revenue = await addMetric(app, first.cookie, {
      name: "Secret margin metric",
      unit: "money",
      directorId: "finn",
    });
    await checkIn(app, first.cookie, [
      { metricId: revenue.id, period: "2026-11-16", value: 987654.25, note: "private note text" },
    ]);
    const [value] = (await overview(app, first.cookie)).values;

    const other = await owner(app);
    const seen = await overview(app, other.cookie);
    expect(seen.metrics).toEqual([]);
    expect(seen.values).toEqual([]);
    const attempts = [
      app.request(`/api/numbers/metrics/${revenue.id}`, {
        method: "PATCH",
        cookie: other.cookie,
        body: { name: "Mine" },
      }),
      app.request(`/api/numbers/metrics/${revenue.id}`, { method: "DELETE", cookie: other.cookie, body: {} }),
      checkIn(app, other.cookie, [{ metricId: revenue.id, period: "2026-11-16", value: 1, confirmed: true }]),
      app.request(`/api/numbers/values/${value?.id}`, { method: "DELETE", cookie: other.cookie, body: {} }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.status).toBe(404);
    expect((await overview(app, first.cookie)).values.map((v) => v.value)).toEqual([987654.25]);
    expect((await app.request("/api/numbers", {})).status).toBe(401);

    const log = logLines.join("\n");
    for (const secret of ["Secret margin metric", "987654", "private note text"]) expect(log).not.toContain(secret);
  });

  it("previews an imported file row by row, naming each bad row and skipping it, and saves the rest", async () => {
    const app = await createTestApp({ now: clock("2026-11-25T10:00:00Z").now });
    const { cookie } = await owner(app);
    const revenue = await addMetric(app, cookie, { name: "Revenue", unit: "money", directorId: "finn" });
    const rate = await addMetric(app, cookie, { name: "Conversion rate", unit: "percent", directorId: "finn" });
    await checkIn(app, cookie, [{ metricId: revenue.id, period: "2026-11-02", value: 9000 }]);
    const rows = [
      { line: 2, date: "2026-11-02", metric: "Revenue", value: "9,500" },
      { line: 3, date: "10/11/2026", metric: "revenue", value: 11000 },
      { line: 4, date: 46342, metric: "Conversion rate", value: "3.5 %" },
      { line: 5, date: "2026-11-16", metric: "Revnue", value: "1" },
      { line: 6, date: "yesterday", metric: "Revenue", value: "1" },
      { line: 7, date: "2026-11-16", metric: "Revenue", value: "lots" },
      { line: 8, date: "2026-11-16", metric: "Conversion rate", value: "140" },
      { line: 9, date: "2027-01-04", metric: "Revenue", value: "5" },
      { line: 10, date: "2026-11-18", metric: "Revenue", value: "12400" },
      { line: 11, date: "2026-11-19", metric: "Revenue", value: "12,500" },
    ];
    const response = await app.request("/api/numbers/imports/preview", { cookie, body: { rows, locale: "en-GB" } });
    expect(response.status).toBe(200);
    const preview = (await response.json()) as ImportPreview;
    expect(preview.rows).toEqual([
      {
        line: 2,
        ok: true,
        metricId: revenue.id,
        metricName: "Revenue",
        period: "2026-11-02",
        value: 9500,
        replaces: 9000,
      },
      {
        line: 3,
        ok: true,
        metricId: revenue.id,
        metricName: "Revenue",
        period: "2026-11-09",
        value: 11000,
        replaces: null,
      },
      {
        line: 4,
        ok: true,
        metricId: rate.id,
        metricName: "Conversion rate",
        period: "2026-11-16",
        value: 3.5,
        replaces: null,
      },
      { line: 5, ok: false, reason: "No metric is named “Revnue”." },
      { line: 6, ok: false, reason: "“yesterday” is not a date." },
      { line: 7, ok: false, reason: "“lots” is not a number." },
      { line: 8, ok: false, reason: "A percentage cannot be more than 100." },
      { line: 9, ok: false, reason: "This date is in the future." },
      { line: 10, ok: false, reason: "A later row gives Revenue for this period." },
      {
        line: 11,
        ok: true,
        metricId: revenue.id,
        metricName: "Revenue",
        period: "2026-11-16",
        value: 12500,
        replaces: null,
      },
    ]);

    // Saved: the rows that passed, as the preview showed them.
    const entries = preview.rows.flatMap((row) =>
      row.ok ? [{ metricId: row.metricId, period: row.period, value: row.value, confirmed: true }] : [],
    );
    expect((await checkIn(app, cookie, entries)).status).toBe(201);
    const values = (await overview(app, cookie)).values.filter((value) => value.metricId === revenue.id);
    expect(values.map((value) => [value.period, value.value])).toEqual([
      ["2026-11-02", 9500],
      ["2026-11-09", 11000],
      ["2026-11-16", 12500],
    ]);

    // Another owner's file matches none of this owner's metrics.
    const other = await owner(app);
    const theirs = await app.request("/api/numbers/imports/preview", {
      cookie: other.cookie,
      body: { rows: rows.slice(0, 1) },
    });
    expect(((await theirs.json()) as ImportPreview).rows).toEqual([
      { line: 2, ok: false, reason: "No metric is named “Revenue”." },
    ]);
  });
});
