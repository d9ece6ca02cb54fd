import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import type { KnowledgeListResponse } from "#shared/knowledge";
import { ONBOARDING_FIELDS, type OnboardingData } from "#shared/onboarding";
import { WEBSITE_FAILURE_MESSAGES } from "#shared/website-draft";
import { createGate, startFakeAiServer } from "../server/test/fake-ai-server";
import { DESKTOP, PHONE, screenshot, setupBrowser } from "./support/browser";
import { screenshotEverySize } from "./support/screens";
import { expectToast } from "./support/toasts";

/** "Start from your website": onboarding drafted from the owner's own site, checked on one page, then offered as knowledge. */

/** The owner's website, served on this machine. */
const site = http.createServer((req, res) => {
  if (req.url === "/") {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html><head><title>Harbour Lane Bakery</title></head><body><main><article>
      <h1>Harbour Lane Bakery</h1>
      <p>We bake naturally leavened sourdough every morning from organic flour milled twenty miles away.</p>
      <p>Pick up a loaf at the counter, order a celebration cake, or join our Saturday bread-making class.</p>
      <p>Six local cafés serve our bread and pastries every day.</p></article></main></body></html>`);
    return;
  }
  res.writeHead(404, { "content-type": "text/html" });
  res.end("<h1>Not found</h1>");
});
await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
const siteHost = new URL(siteUrl).host;
afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

const fake = await startFakeAiServer();
afterAll(() => fake.close());
const browser = setupBrowser({
  env: {
    AI_BASE_URL: fake.url,
    AI_API_KEY: "test-key",
    CHAT_MODEL: "test-chat",
    // The owner's "website" is on this machine.
    URL_IMPORT_ALLOW_PRIVATE: "true",
  },
});

const SMALL_PHONE = { width: 375, height: 667 } as const;

/** What the model drafts from the page: the competitors are not on it. */
const DRAFTS: OnboardingData = {
  businessName: "Harbour Lane Bakery",
  industry: "Bakery and café",
  description: "A neighbourhood sourdough bakery and café on Harbour Lane, baking every morning.",
  target: "Neighbours who want real bread, and local cafés that buy wholesale.",
  products: "Sourdough loaves, pastries, celebration cakes and a Saturday bread-making class.",
  goals: "Supply more local cafés and fill every Saturday class.",
  challenges: "Flour and energy prices keep rising.",
  competitors: "",
  uniqueValue: "Organic flour milled twenty miles away, and bread baked every morning.",
  metrics: "Loaves sold per day and wholesale orders.",
};
const DRAFTED_NOTE = "Drafted from your website. Check it and change anything that's wrong.";
const REVIEW_DRAFTED_NOTE = "From your website";
const REVIEW_MISSING_NOTE = "Your website didn't say. Please answer this one.";

const answerBox = (page: Page) => page.locator("form").getByRole("textbox");
const dialog = (page: Page) => page.getByRole("dialog", { name: "Start from your website" });
const review = (page: Page) => page.getByRole("form", { name: "Check your answers" });
const reviewAnswer = (page: Page, name: string) => page.locator(`#onboarding-${name}`);

let owners = 0;
/** A new owner on the free trial who has not done onboarding, signed in inside the page's context. */
async function newOwner(page: Page) {
  owners += 1;
  const headers = { origin: browser.url };
  const signUp = await page.request.post("/api/auth/sign-up", {
    data: {
      name: `Baker ${owners}`,
      email: `website-start-${owners}-${Date.now()}@example.com`,
      password: "correct-horse-battery",
      confirmPassword: "correct-horse-battery",
    },
    headers,
  });
  expect(signUp.status()).toBe(201);
  expect((await page.request.post("/api/plans/select", { data: { planId: "free-trial" }, headers })).status()).toBe(
    200,
  );
}

async function step(page: Page, number: number) {
  await page.getByText(`Step ${number} of 10`, { exact: true }).waitFor();
}

describe("start from your website", () => {
  it("drafts the ten answers from the owner's site; the owner edits one, completes, and adds the page as knowledge", async () => {
    const page = await browser.newPage(DESKTOP);
    await newOwner(page);
    await page.goto("/onboarding");
    await step(page, 1);
    await screenshot(page, "website-start-offered-desktop");

    await page.getByRole("button", { name: "Start from your website" }).click();
    await dialog(page).waitFor();
    // The cursor is in the address.
    await page.waitForFunction(() => document.activeElement?.id === "website-address");
    await page.keyboard.insertText(`${siteUrl}/`);
    const drafted = createGate();
    fake.queueObject({ reply: JSON.stringify(DRAFTS), holds: [{ beforeChunk: 0, gate: drafted }] });
    await page.keyboard.press("Enter");
    await dialog(page).getByText(`Reading ${siteHost} and drafting your answers…`).waitFor();
    await dialog(page).getByRole("progressbar", { name: "Drafting your answers" }).waitFor();
    drafted.open();
    await dialog(page).waitFor({ state: "detached" });

    // All ten drafts on one page, each saying where it came from, the cursor in the first.
    await review(page).waitFor();
    await page.waitForFunction(() => document.activeElement?.id === "onboarding-businessName");
    await review(page).getByText(siteHost).waitFor();
    for (const field of ONBOARDING_FIELDS) {
      expect(await reviewAnswer(page, field.name).inputValue(), field.name).toBe(DRAFTS[field.name]);
    }
    expect(await review(page).getByText(REVIEW_DRAFTED_NOTE, { exact: true }).count()).toBe(9);
    await review(page).getByText(REVIEW_MISSING_NOTE).waitFor();
    expect(await page.getByText(/^Step \d+ of 10$/).count()).toBe(0);
    await screenshotEverySize(page, "website-start-review");

    // The owner corrects one draft; what the website did not say still has to be answered.
    const edited = "A sourdough bakery and café on Harbour Lane, with a wholesale round to six local cafés.";
    const ownCompetitors = "The supermarket bakery on the high street.";
    await reviewAnswer(page, "description").fill(edited);
    await page.getByRole("button", { name: "Accept all" }).click();
    await review(page).getByText("Please list some competitors", { exact: true }).waitFor();
    await page.waitForFunction(() => document.activeElement?.id === "onboarding-competitors");
    await page.keyboard.insertText(ownCompetitors);
    await review(page).getByText(REVIEW_MISSING_NOTE).waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Accept all" }).click();
    await page.waitForURL("**/select-department");
    await expectToast(
      page,
      "Onboarding complete!",
      "Your business context has been saved and will be used for personalized assistance.",
    );
    const stored = await (await page.request.get("/api/onboarding")).json();
    expect(stored).toEqual({ profile: { ...DRAFTS, description: edited, competitors: ownCompetitors } });

    // The page the answers came from is offered as the owner's first knowledge source.
    const offer = page.getByRole("region", { name: "Add your website to your directors' knowledge?" });
    await offer.waitFor();
    await screenshot(page, "website-start-offer-desktop");
    await page.setViewportSize(SMALL_PHONE);
    await screenshot(page, "website-start-offer-phone");
    await page.setViewportSize(DESKTOP);
    await offer.getByRole("button", { name: "Add my website" }).click();
    await page.getByText(`${siteHost} is in your knowledge.`).waitFor();
    await screenshot(page, "website-start-offer-added-desktop");
    const knowledge = (await (await page.request.get("/api/knowledge")).json()) as KnowledgeListResponse;
    expect(knowledge.sources.map((source) => ({ kind: source.kind, url: source.url }))).toEqual([
      { kind: "web", url: `${siteUrl}/` },
    ]);
    await page.getByRole("link", { name: "See your knowledge" }).click();
    await page.waitForURL("**/knowledge");
    // Offered once: not again after it was taken.
    await page.goto("/select-department");
    await page.getByRole("heading", { name: "Select Your AI Directors" }).waitFor();
    await page.getByText("Start Training").first().waitFor();
    expect(await page.getByText("Add your website to your directors' knowledge?").count()).toBe(0);
  });

  it("says plainly when a site cannot be read, lets a slow draft be stopped, and never overwrites what the owner typed", async () => {
    const page = await browser.newPage(SMALL_PHONE);
    await newOwner(page);
    await page.goto("/onboarding");
    await step(page, 1);
    const ownName = "Harbour Lane Bread Co.";
    await answerBox(page).fill(ownName);
    await page.screenshot({ path: "e2e/screenshots/website-start-offered-phone.png" });

    await page.getByRole("button", { name: "Start from your website" }).click();
    await dialog(page).getByLabel("Your website's address").fill(`${siteUrl}/our-story`);
    await dialog(page).getByRole("button", { name: "Draft my answers" }).click();
    await dialog(page).getByText(WEBSITE_FAILURE_MESSAGES.page_missing).waitFor();
    await screenshot(page, "website-start-unreadable-phone");

    // A slow draft shows how long it has been going, and stops when asked.
    fake.queueObject({ reply: JSON.stringify(DRAFTS), firstTokenDelayMs: 30_000 });
    await dialog(page).getByLabel("Your website's address").fill(`${siteUrl}/`);
    await dialog(page).getByRole("button", { name: "Draft my answers" }).click();
    await dialog(page)
      .getByText(/This usually takes under a minute · [1-9]\d* s/)
      .waitFor();
    await screenshot(page, "website-start-drafting-phone");
    await dialog(page).getByRole("button", { name: "Stop" }).click();
    await dialog(page).getByText("Stopped. Nothing was changed.").waitFor();
    await dialog(page).getByRole("button", { name: "Answer the questions myself" }).click();
    await dialog(page).waitFor({ state: "detached" });
    expect(await answerBox(page).inputValue()).toBe(ownName);
    await page.waitForFunction(() => document.activeElement?.id === "onboarding-businessName");

    // Drafted after all: the drafts fill what the owner had not written; their own name stays.
    await page.getByRole("button", { name: "Start from your website" }).click();
    fake.queueObject({ reply: JSON.stringify(DRAFTS) });
    await dialog(page).getByLabel("Your website's address").fill(`${siteUrl}/`);
    await dialog(page).getByRole("button", { name: "Draft my answers" }).click();
    await dialog(page).waitFor({ state: "detached" });
    await review(page).waitFor();
    expect(await reviewAnswer(page, "businessName").inputValue()).toBe(ownName);
    expect(await reviewAnswer(page, "industry").inputValue()).toBe(DRAFTS.industry);

    // A reload keeps the drafts and their notes, like typed answers; the steps remain, one question at a time.
    await page.reload();
    await review(page).waitFor();
    expect(await reviewAnswer(page, "businessName").inputValue()).toBe(ownName);
    await page.getByRole("button", { name: "Step by step" }).click();
    await step(page, 1);
    expect(await answerBox(page).inputValue()).toBe(ownName);
    expect(await page.getByText(DRAFTED_NOTE).count()).toBe(0);
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await step(page, 2);
    expect(await answerBox(page).inputValue()).toBe(DRAFTS.industry);
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await step(page, 3);
    expect(await answerBox(page).inputValue()).toBe(DRAFTS.description);
    await page.getByText(DRAFTED_NOTE).waitFor();
    // The note does not push Back, Next or the answer out of a small phone's window.
    for (const box of [
      await answerBox(page).boundingBox(),
      await page.getByRole("button", { name: "Back" }).boundingBox(),
      await page.getByRole("button", { name: "Next", exact: true }).boundingBox(),
    ]) {
      expect(box).not.toBeNull();
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(SMALL_PHONE.height);
    }
    await page.screenshot({ path: "e2e/screenshots/website-start-step-phone.png" });
  });
});

describe("toasts and dialogs on a phone", () => {
  it('keeps "Account created!" and "Free selected!" off the website dialog\'s heading and buttons', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto("/auth?signup=true");
    await page.getByLabel("Name").fill("Toast Owner");
    await page.getByLabel("Email").fill(`toast-${Date.now()}@example.com`);
    await page.getByLabel("Password", { exact: true }).fill("correct-horse-battery");
    await page.getByLabel("Confirm password").fill("correct-horse-battery");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL("**/subscription");
    await page.getByRole("button", { name: "Start Free Trial" }).click();
    await page.waitForURL("**/onboarding");
    await page.getByRole("button", { name: "Start from your website" }).click();
    const dialog = page.getByRole("dialog", { name: "Start from your website" });
    await dialog.waitFor();
    const toasts = page.locator("li[data-state='open']");
    await toasts.filter({ hasText: "Free selected!" }).waitFor();
    await screenshot(page, "toasts-over-dialog-phone", { fullPage: false });

    const covered = await page.evaluate(() => {
      const overlap = (a: DOMRect, b: DOMRect) =>
        a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom && a.width > 0 && b.width > 0;
      const dialog = document.querySelector("[role=dialog][data-state=open]");
      const parts = [...(dialog?.querySelectorAll("h2, button") ?? [])];
      const toasts = [...document.querySelectorAll("li[data-state=open]")].map((toast) => ({
        text: toast.textContent ?? "",
        box: toast.getBoundingClientRect(),
      }));
      return {
        parts: parts.length,
        toasts: toasts.length,
        covered: toasts.flatMap((toast) =>
          parts
            .filter((part) => overlap(toast.box, part.getBoundingClientRect()))
            .map((part) => `${toast.text} covers ${part.textContent}`),
        ),
      };
    });
    expect(covered.parts).toBeGreaterThanOrEqual(2);
    expect(covered.toasts).toBeGreaterThanOrEqual(1);
    expect(covered.covered).toEqual([]);

    // Closed, the toasts go back under the nav bar.
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    const nav = await page.getByRole("navigation", { name: "Main" }).boundingBox();
    const toast = await toasts.filter({ hasText: "Free selected!" }).boundingBox();
    if (toast) expect(toast.y).toBeGreaterThanOrEqual((nav?.y ?? 0) + (nav?.height ?? 0));
  });
});
