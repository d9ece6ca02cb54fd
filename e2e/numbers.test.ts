import ExcelJS from "exceljs";
import { afterAll, describe, expect, it } from "vitest";
import { numbersSweepJob } from "../server/numbers/numbers-sweep-job";
import { startFakeAiServer } from "../server/test/fake-ai-server";
import type { SchedulesOverview } from "../shared/schedules";
import { DESKTOP, PHONE, screenshot, setupBrowser, TABLET } from "./support/browser";
import { openToast } from "./support/toasts";
import { signUpTrainedOwner } from "./support/trained-owner";

const fake = await startFakeAiServer();
// A weekly brief cites the revenue block by the number it was given, as a model would.
fake.route = (request) => {
  if (!JSON.stringify(request.body.response_format ?? "").includes("weekly_brief")) return undefined;
  const messages = request.body.messages as Array<{ content: string }>;
  const n = messages.at(-1)?.content.match(/^\[(\d+)\] Revenue:/m)?.[1] ?? "1";
  return {
    reply: JSON.stringify({
      moved: `Revenue came in at £12,400 [${n}], the first week you have recorded.`,
      risk: "One week of figures cannot show a trend yet.",
      action: "Check in next week's revenue so the trend shows.",
    }),
  };
};
afterAll(async () => {
  await fake.close();
});

// Scheduled requests run at once rather than spread over the quarter hour.
const browser = setupBrowser({ env: { AI_BASE_URL: fake.url, AI_API_KEY: "test-key", BRIEF_SPREAD_SECONDS: "0" } });
const MONTHLY = "How much cash will we have at month end?";

describe("numbers", () => {
  it("keeps a suggested metric, checks in, charts and imports, reads Finn's brief, discusses it and repeats questions", async () => {
    const page = await browser.newPage(DESKTOP, { locale: "en-GB", timezoneId: "Europe/London" });
    await signUpTrainedOwner(page, browser, { name: "Numbers Owner", director: "finn" });
    await page.goto("/chat");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Numbers" }).click();
    await page.getByRole("heading", { name: "Numbers", level: 1 }).waitFor();

    // Suggested from the success answer first; kept as it is.
    await page.getByRole("button", { name: "Keep Revenue" }).click();
    const card = page.getByRole("group", { name: "Revenue" });
    await card.waitFor();
    // Last week is due at once: the nav's badge and the check-in form say so.
    await page.getByText("1 value is due for your check-in.").waitFor();
    await expect.poll(() => page.getByRole("link", { name: /due for check-in/ }).count()).toBe(1);

    // The browser's separators are read; a slip is refused with its reason, and nothing typed is lost.
    const value = page.getByRole("textbox", { name: /^Revenue · Week of/ });
    await value.fill("12,4OO");
    await page.getByRole("button", { name: "Save check-in" }).click();
    await page.getByText("Enter a number, such as 1,250 or 12.5.").waitFor();
    await screenshot(page, "numbers-check-in-refused");
    await value.fill("£12,400");
    await page.getByRole("textbox", { name: /^Note for Revenue/ }).fill("Black Friday prep");
    await page.getByRole("button", { name: "Save check-in" }).click();
    await openToast(page, "Check-in saved").waitFor();
    await expect.poll(() => card.getByTestId("latest-value").textContent()).toBe("£12,400");

    // A past week, a tenth of the value: asked about, saved once confirmed.
    await card.getByRole("button", { name: "Add a past value" }).click();
    const twoWeeksAgo = new Date(Date.now() - 14 * 24 * 3600_000).toISOString().slice(0, 10);
    await card.getByLabel("A day in the period").fill(twoWeeksAgo);
    await card.getByLabel("Value").fill("1,100");
    await card.getByRole("button", { name: "Save value" }).click();
    await card
      .getByText(
        "This is more than ten times bigger or smaller than the value next to it. Check it, then save again to keep it.",
      )
      .waitFor();
    await card.getByLabel("Value").fill("11,000");
    await card.getByRole("button", { name: "Save value" }).click();
    await openToast(page, "Past value saved").waitFor();

    // The chart and the figures for screen readers; the change against last week.
    await card.locator("[data-chart] canvas").waitFor();
    await card.getByText("Up 13 % since last period").waitFor();
    await expect.poll(() => card.getByRole("table").getByRole("row").count()).toBe(3);
    await expect.poll(() => page.getByRole("link", { name: /due for check-in/ }).count()).toBe(0);
    await screenshot(page, "numbers-desktop-light");

    // A shop export as an Excel file: previewed, the bad row named and skipped, the rest saved.
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Export");
    sheet.addRows([
      ["Date", "Metric", "Value"],
      [new Date(Date.UTC(2026, 9, 27)), "Revenue", 10500],
      ["2026-10-28", "Revnue", 1],
    ]);
    await page.getByLabel("File to import").setInputFiles({
      name: "shop-export.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
    });
    await page.getByText("Row 3: No metric is named “Revnue”.").waitFor();
    await page.getByRole("button", { name: "Import 1 value" }).click();
    await openToast(page, "Import saved").waitFor();
    await expect.poll(() => card.getByRole("table").getByRole("row").count()).toBe(4);

    // The check-in started Finn's brief on the week: it cites the figure, and "Discuss" opens a chat with it.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "This week" }).click();
    const brief = page.getByRole("article", { name: "Finn's brief" });
    await brief.getByText("Revenue came in at £12,400").waitFor();
    await brief.getByRole("link", { name: /^source \d+$/ }).waitFor();
    await brief.getByText(/Your numbers: Revenue, Week of/).waitFor();
    await screenshot(page, "this-week-desktop-light");
    for (const [name, viewport, colorScheme] of [
      ["this-week-desktop-dark", DESKTOP, "dark"],
      ["this-week-phone-light", PHONE, "light"],
      ["this-week-phone-dark", PHONE, "dark"],
    ] as const) {
      const view = await browser.newPage(viewport, { colorScheme, locale: "en-GB", timezoneId: "Europe/London" });
      await view.context().addCookies(await page.context().cookies());
      await view.goto("/this-week");
      await view.getByText("Revenue came in at £12,400").waitFor();
      await screenshot(view, name);
      expect(await view.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    }
    await brief.getByRole("button", { name: "Discuss with Finn" }).click();
    await page.waitForURL(/\/chat\?director=finn&conversation=/);
    await page.getByRole("list", { name: "Conversation with Finn" }).getByText("One action this week:").waitFor();
    await screenshot(page, "this-week-discuss");

    // A follow-up question, then "Repeat weekly" under its answer; "Repeat monthly" for a question still in the box.
    const composer = page.getByPlaceholder("Ask Finn anything...");
    await composer.fill("Which invoices should I chase this week?");
    await page.keyboard.press("Enter");
    const conversation = page.getByRole("list", { name: "Conversation with Finn" });
    await conversation.getByRole("button", { name: "Repeat weekly" }).nth(1).click();
    await openToast(page, "Repeats weekly").waitFor();
    await composer.fill(MONTHLY);
    await page.getByRole("button", { name: "Repeat monthly" }).last().click();
    await openToast(page, "Repeats monthly").waitFor();
    await expect.poll(() => composer.inputValue()).toBe("");

    // Each run's answer is a new conversation, flagged "New" in the list until it is opened.
    await browser.server.deps.jobs.send(numbersSweepJob, {});
    await expect
      .poll(async () => {
        const listed = (await (await page.request.get("/api/schedules")).json()) as SchedulesOverview;
        return listed.schedules.map((schedule) => schedule.runs[0]?.status);
      })
      .toEqual(["ready", "ready"]);
    await page.reload();
    const history = page.getByRole("navigation", { name: "Conversations" });
    const monthlyAnswer = history.getByRole("button", { name: new RegExp(`^${MONTHLY}`) });
    await expect.poll(() => history.getByRole("listitem").getByText("New", { exact: true }).count()).toBe(2);
    // The conversation the owner was having stays open; the new answers wait in the list.
    await page.getByRole("list", { name: "Conversation with Finn" }).getByText("One action this week:").waitFor();
    await screenshot(page, "chat-scheduled-answer-new", { fullPage: false });
    await monthlyAnswer.click();
    await page.getByRole("list", { name: "Conversation with Finn" }).getByText(`You said: ${MONTHLY}`).waitFor();
    await expect.poll(() => history.getByRole("listitem").getByText("New", { exact: true }).count()).toBe(1);

    // In Settings: paused, reworded, and deleted once confirmed.
    await page.goto("/settings");
    const repeated = page.getByRole("listitem", { name: "Which invoices should I chase this week?" });
    await repeated.getByText("Every week").waitFor();
    await repeated.getByRole("button", { name: "Pause" }).click();
    await repeated.getByText("Paused").waitFor();
    const monthly = page.getByRole("listitem", { name: MONTHLY });
    await monthly.getByRole("button", { name: "Change question" }).click();
    await monthly.getByLabel("Question").fill("How much cash will we have at the end of next month?");
    await monthly.getByRole("button", { name: "Save question" }).click();
    const reworded = page.getByRole("listitem", { name: "How much cash will we have at the end of next month?" });
    await reworded.getByText("Every month").waitFor();
    await repeated.scrollIntoViewIfNeeded();
    await screenshot(page, "settings-scheduled-requests", { fullPage: false });
    await reworded.getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this scheduled request?" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await confirm.waitFor({ state: "hidden" });
    await reworded.waitFor({ state: "detached" });
    await page.goto("/numbers");

    // The browser's time zone was saved on the first visit; Settings changes it and turns reminders off.
    await page.getByRole("link", { name: "Time zone Europe/London" }).click();
    const section = page.getByRole("region", { name: "Numbers" });
    await expect.poll(() => section.getByLabel("Time zone").inputValue()).toBe("Europe/London");
    await section.getByLabel("Email me when a check-in is due").click();
    await openToast(page, "Numbers settings saved").waitFor();
    await expect.poll(() => section.getByLabel("Email me when a check-in is due").isChecked()).toBe(false);

    for (const [name, viewport, colorScheme] of [
      ["numbers-desktop-dark", DESKTOP, "dark"],
      ["numbers-phone-light", PHONE, "light"],
      ["numbers-phone-dark", PHONE, "dark"],
      ["numbers-tablet-light", TABLET, "light"],
    ] as const) {
      const view = await browser.newPage(viewport, { colorScheme, locale: "en-GB", timezoneId: "Europe/London" });
      await view.context().addCookies(await page.context().cookies());
      await view.goto("/numbers");
      await view.locator("[data-chart] canvas").waitFor();
      // Nothing is wider than the phone's screen.
      await screenshot(view, name);
      expect(await view.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    }
  });
});
