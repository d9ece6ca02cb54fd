import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Metric } from "../../../shared/numbers";
import { numbersSweepJob } from "../../numbers/numbers-sweep-job";
import { givePlan } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/test-app";
import { linkIn, startTestSmtpServer, type TestSmtpServer } from "../../test/test-smtp-server";

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

let smtp: TestSmtpServer;
beforeEach(async () => {
  smtp = await startTestSmtpServer();
});
afterEach(async () => {
  await smtp.close();
});

async function sweep(app: TestApp) {
  await app.deps.jobs.send(numbersSweepJob, {});
  await app.jobsIdle();
  await app.deps.mail.idle();
}

const mailsTo = (address: string) => smtp.messages.filter((mail) => mail.to.includes(address));

describe("the check-in reminder", () => {
  it("emails the due metrics' names and the link once a week, missed weeks in one email, until turned off", async () => {
    let now = new Date("2026-11-25T10:00:00Z");
    const app = await createTestApp({ now: () => now, env: { SMTP_URL: smtp.url } });
    const { cookie, user } = await app.signUp({ email: "dana@example.com" });
    await givePlan(app.deps, user.id, "premium");
    const body = (name: string) => ({ name, unit: "money", directorId: "finn" });
    const revenue = (await (
      await app.request("/api/numbers/metrics", { cookie, body: body("Revenue") })
    ).json()) as Metric;
    await app.request("/api/numbers/metrics", { cookie, body: body("Cash in the bank") });
    await app.request("/api/numbers/check-ins", {
      cookie,
      body: { entries: [{ metricId: revenue.id, period: "2026-11-16", value: 987654, note: "secret note" }] },
    });

    await sweep(app);
    const mail = await smtp.nextMessageTo("dana@example.com");
    expect(mail.subject).toBe("Your weekly check-in is due");
    expect(mail.text).toContain("Your check-in is due for: Cash in the bank.");
    expect(linkIn(mail).toString()).toBe("http://localhost:3000/numbers");
    // Names and the link only: no figure or note.
    expect(mail.html).toContain("Cash in the bank");
    expect(`${mail.text}\n${mail.html}`).not.toMatch(/987|secret note/);

    // Another sweep that week, from any process: no second email.
    await sweep(app);
    expect(mailsTo("dana@example.com")).toHaveLength(1);

    // Two weeks later, still missed: one email names everything due, once.
    now = new Date(now.getTime() + 2 * WEEK_MS);
    await sweep(app);
    await sweep(app);
    expect(mailsTo("dana@example.com")).toHaveLength(2);
    expect(mailsTo("dana@example.com")[1]?.text).toContain("Your check-in is due for: Revenue, Cash in the bank.");

    // Turned off in Settings: no more.
    await app.request("/api/numbers/settings", { method: "PUT", cookie, body: { reminders: false } });
    now = new Date(now.getTime() + WEEK_MS);
    await sweep(app);
    expect(mailsTo("dana@example.com")).toHaveLength(2);
  });
});
