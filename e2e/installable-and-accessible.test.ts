import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { ERRORS } from "#shared/errors";
import { directorTrainings, knowledgeSources } from "../server/db/schema";
import { boardRoute } from "../server/test/board-scripts";
import { startFakeAiServer } from "../server/test/fake-ai-server";
import { answersFor, givePlan, PROFILE } from "../server/test/fixtures";
import { DESKTOP, PHONE, screenshot, setupBrowser } from "./support/browser";
import { chroma, contrastRatio, fillAndBackground } from "./support/contrast";
import { openToast } from "./support/toasts";

const AXE_SOURCE = fs.readFileSync(path.resolve("node_modules/axe-core/axe.min.js"), "utf8");
const PASSWORD = "correct-horse-battery";
const fake = await startFakeAiServer();
afterAll(() => fake.close());
const browser = setupBrowser({
  env: { AI_BASE_URL: fake.url, AI_API_KEY: "sk-e2e-everywhere", CHAT_MODEL: "e2e-chat", EMBEDDING_MODEL: "none" },
});

type Theme = "light" | "dark";
let owners = 0;

/** Signs up an owner through the API in the page's context, with the premium plan, the fixtures' business profile and Martha trained; their id. */
async function signInOwner(page: Page, options: { profile?: boolean; trained?: boolean } = {}): Promise<string> {
  owners += 1;
  const response = await page.request.post("/api/auth/sign-up", {
    headers: { origin: browser.url },
    data: {
      name: "Dana Owner",
      email: `everywhere${owners}@example.com`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    },
  });
  expect(response.status()).toBe(201);
  const { user } = (await response.json()) as { user: { id: string } };
  const { deps } = browser.server;
  await givePlan(deps, user.id, "premium", options.profile === false ? { profile: null } : {});
  if (options.trained !== false) {
    await deps.db
      .insert(directorTrainings)
      .values({ userId: user.id, directorId: "martha", answers: answersFor("martha"), trainedAt: deps.now() });
  }
  return user.id;
}

/** Serious and critical axe findings on the page as it is, with the rules for names and target sizes switched on. */
async function axeProblems(page: Page) {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    type Result = { violations: Array<{ id: string; impact: string; nodes: Array<{ target: unknown }> }> };
    const axe = (window as unknown as { axe: { run(options: unknown): Promise<Result> } }).axe;
    const result = await axe.run({
      rules: { "label-content-name-mismatch": { enabled: true }, "target-size": { enabled: true } },
      // Only the violations are read: listing every pass would take longer than the checks.
      resultTypes: ["violations"],
    });
    return result.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target) }));
  });
}

/** Lets entrance animations end and the page's requests finish, so what is checked is what the owner sees. */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        // An animation cancelled on the way (its element re-rendered) has ended too.
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** Picks the theme in the nav bar: its icons on a wide screen, its menu on a phone. */
async function chooseTheme(page: Page, theme: Theme) {
  const label = theme === "dark" ? "Dark" : "Light";
  const phone = (page.viewportSize()?.width ?? DESKTOP.width) < 1280;
  if (phone) {
    const menu = page.getByRole("button", { name: "Menu" });
    await menu.click();
    await page.locator("#mobile-menu label", { has: page.getByRole("radio", { name: label }) }).click();
    await page.keyboard.press("Escape");
    await page.locator("#mobile-menu").waitFor({ state: "hidden" });
  } else {
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.locator("label", { has: page.getByRole("radio", { name: label }) }).click();
  }
  await page.waitForFunction((dark) => document.documentElement.classList.contains("dark") === dark, theme === "dark");
}

async function currentTheme(page: Page): Promise<Theme> {
  return (await page.evaluate(() => document.documentElement.classList.contains("dark"))) ? "dark" : "light";
}

/** How far the page can scroll sideways (0 when nothing sticks out). */
function sidewaysScroll(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * Controls smaller than a fingertip (44 × 44 px): buttons, fields and links
 * that stand alone. A link inside a sentence is exempt, as WCAG has it; a
 * checkbox counts with its label; with a dialog open, only what is in it.
 */
function smallTargets(page: Page) {
  return page.evaluate(() => {
    const scope = document.querySelector("[role=dialog][data-state=open]") ?? document;
    const controls = scope.querySelectorAll<HTMLElement>(
      "button, a[href], input:not([type=hidden]), select, textarea, [role=button], [role=radio], [role=tab], label:has(> input.sr-only)",
    );
    const small: string[] = [];
    for (const control of controls) {
      // Hidden until focused (the skip link), or drawn by its label (a radio's input).
      if (control.closest(".sr-only")) continue;
      const label = control.matches("input[type=checkbox]") ? control.closest("label") : null;
      const box = (label ?? control).getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(control);
      if (style.visibility === "hidden") continue;
      const inSentence = style.display === "inline" && control.closest("p, li, dd, td");
      if (inSentence) continue;
      if (box.width < 44 || box.height < 44) {
        small.push(
          `${control.tagName.toLowerCase()} "${(control.textContent || control.getAttribute("aria-label") || "").trim().slice(0, 40)}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
      }
    }
    return small;
  });
}

/** Whether two boxes on screen overlap. */
function overlaps(a: Box, b: Box) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
type Box = { x: number; y: number; width: number; height: number };

/**
 * Checks one screen in both themes (the current one first), with a screenshot of what is in view in each. A screen
 * in a modal dialog is opened after each switch of theme and closed before the next: the nav bar is out of reach
 * while it is open.
 */
async function inBothThemes(
  page: Page,
  name: string,
  check: (theme: Theme) => Promise<void>,
  modal?: { open: () => Promise<void>; close: () => Promise<void> },
) {
  const first = await currentTheme(page);
  for (const theme of first === "light" ? (["light", "dark"] as const) : (["dark", "light"] as const)) {
    if (theme !== (await currentTheme(page))) await chooseTheme(page, theme);
    await modal?.open();
    await screenshot(page, `${name}-${page.viewportSize()?.width}-${theme}`, { fullPage: false });
    await check(theme);
    await modal?.close();
  }
}

/** The screens of a signed-in owner with real content, each with what shows it has loaded. */
const OWNER_SCREENS: Array<{ name: string; address: string; ready: (page: Page) => Promise<unknown> }> = [
  { name: "landing", address: "/index", ready: (page) => page.getByRole("heading", { level: 1 }).waitFor() },
  { name: "pricing", address: "/pricing", ready: (page) => page.getByRole("heading", { name: "Premium" }).waitFor() },
  {
    name: "subscription",
    address: "/subscription",
    ready: (page) => page.getByRole("heading", { name: "Premium" }).waitFor(),
  },
  { name: "onboarding", address: "/onboarding", ready: (page) => page.getByText("Step 1 of 10").waitFor() },
  {
    name: "select-department",
    address: "/select-department",
    ready: (page) => page.getByRole("group", { name: "Martha" }).getByText("Trained at Level 1").waitFor(),
  },
  { name: "training", address: "/train-director/finn", ready: (page) => page.getByText("Question 1 of 10").waitFor() },
  {
    name: "settings",
    address: "/settings",
    ready: (page) => page.getByRole("region", { name: "Business profile" }).getByText("Bright Bean").first().waitFor(),
  },
  {
    name: "board",
    address: "/board",
    ready: (page) => page.getByRole("heading", { name: "Hold a board meeting" }).waitFor(),
  },
  {
    name: "documents",
    address: "/documents",
    ready: (page) => page.getByRole("button", { name: "New document" }).waitFor(),
  },
  { name: "terms", address: "/terms", ready: (page) => page.getByRole("heading", { level: 1 }).waitFor() },
  { name: "not-found", address: "/no-such-page-anywhere", ready: (page) => page.getByText("Page not found").waitFor() },
];

/** A visitor's screens: signing up and asking for a new password. */
const VISITOR_SCREENS: typeof OWNER_SCREENS = [
  { name: "sign-up", address: "/auth?signup=true", ready: (page) => page.getByLabel("Confirm password").waitFor() },
  {
    name: "forgot-password",
    address: "/forgot-password",
    ready: (page) => page.getByRole("heading", { level: 1 }).waitFor(),
  },
];

/** An answer with everything that can push a phone's page sideways: a wide table, a long line of code, a long address. */
const WIDE_ANSWER = [
  "Here is the plan, with the numbers side by side:",
  "",
  "| Channel | Monthly budget | Expected subscribers | Cost per subscriber | Notes for the owner |",
  "| --- | --- | --- | --- | --- |",
  "| Instagram | $600 | 40 | $15.00 | Keep the tasting-box creative that sold 200 units |",
  "| Email | $200 | 25 | $8.00 | Send the roast-day newsletter every Thursday morning |",
  "",
  "```",
  "utm_source=instagram&utm_medium=paid_social&utm_campaign=spring_tasting_box_2026&utm_content=reel_roast_day_v2",
  "```",
  "",
  "Track it at https://brightbeancoffee.example/subscriptions/spring-tasting-box-2026/landing-page-with-a-very-long-address-indeed",
].join("\n");

/** A second answer: Markdown with headings, lists, a quote and inline code. */
const LIST_ANSWER = [
  "## This month",
  "",
  "1. **Email** the 300 subscribers about the tasting box, with the code `SPRING10`.",
  "2. Post two reels a week on Instagram; reuse the roast-day clip.",
  "",
  "> Keep what already works: the tasting box sold 200 units.",
  "",
  "- Budget: $800",
  "- Goal: 800 subscribers",
].join("\n");

/** Opens the chat with Martha and asks questions (two, or just the first), answered with wide and long Markdown. */
async function chatWithAnswers(page: Page, questions = 2) {
  await page.goto("/chat?director=martha");
  const conversation = page.getByRole("list", { name: "Conversation with Martha" });
  await conversation.getByText(/^Hi, I'm Martha/).waitFor();
  const message = page.getByRole("textbox", { name: /^Message / });
  const turns: Array<[question: string, reply: string, lastWords: string]> = [
    [
      "Is https://brightbeancoffee.example/subscriptions/spring-tasting-box-2026/landing ready?",
      WIDE_ANSWER,
      "Track it at",
    ],
    ["What should I do this month about the tasting box?", LIST_ANSWER, "Goal: 800 subscribers"],
  ];
  // The new conversation's title, asked for after its first answer.
  fake.queueCompletion({ reply: "Spring tasting box: channels and budget" });
  for (const [question, reply, last] of turns.slice(0, questions)) {
    fake.queueChat({ reply });
    await message.fill(question);
    await message.press("Enter");
    await conversation.getByText(last).waitFor();
    // Read out once, politely, when it is finished (the live region is visually hidden).
    await answered(page).waitFor({ state: "attached" });
    // A long answer streamed in many pieces reads as answered, never as failed.
    expect(await page.locator("li[data-state='open'][data-variant=destructive]").allTextContents()).toEqual([]);
  }
  return conversation;
}

/** The screen reader's news that Martha's answer is finished. */
function answered(page: Page) {
  return page.getByRole("status").filter({ hasText: /^Martha answered: / });
}

/** Two notes on the knowledge page, added through the API. */
async function addNotes(page: Page) {
  for (const [title, text] of [
    ["Price list 2026", "Flat white $5.25, oat milk free, tasting box $39 with free shipping over $50."],
    ["Opening hours", "Both cafés open at 7:00 on weekdays and 8:00 at weekends; closed on public holidays."],
  ]) {
    const response = await page.request.post("/api/knowledge/notes", {
      headers: { origin: browser.url },
      data: { title, text, directorIds: null },
    });
    expect(response.status()).toBe(201);
  }
}

/** Long unbroken words, as owners paste them: a page title, a business name, addresses. */
const LONG = {
  name: `Maximiliana-${"Wolfeschlegelsteinhausen".repeat(3)}-Bergerdorff`.slice(0, 100),
  email: `${"accounts.payable.department".repeat(2)}@${"the-very-long-named-bakery-and-cafe".repeat(2)}.example`,
  businessName: `Bright-Bean-${"Specialty-Coffee-Roasters-And-Bakery-".repeat(4)}Limited`,
  pageTitle: `Our-menu-${"seasonal-pastries-and-single-origin-coffees-".repeat(5)}`.slice(0, 200),
  url: `https://brightbeancoffee.example/${"menus/seasonal/pastries-and-coffees/".repeat(6)}spring-2026.html`,
  conversationTitle: `Spring-${"tasting-box-campaign-".repeat(4)}`.slice(0, 80),
};

/** The owner's content with every long thing an owner might give: written through the API and the database. */
async function seedLongContent(page: Page, userId: string) {
  const { deps } = browser.server;
  const headers = { origin: browser.url };
  await deps.db
    .insert(directorTrainings)
    .values({ userId, directorId: "finn", answers: answersFor("finn"), trainedAt: deps.now() });
  // A web page with a 200-character title, and a note for Martha alone with a long address in it.
  await deps.db.insert(knowledgeSources).values({
    userId,
    kind: "web",
    format: "web",
    name: LONG.pageTitle,
    url: LONG.url,
    finalUrl: LONG.url,
    sizeBytes: 2048,
    status: "ready",
    readyAt: deps.now(),
  });
  const note = await page.request.post("/api/knowledge/notes", {
    headers,
    data: { title: LONG.pageTitle, text: `Martha, the spring menu lives at ${LONG.url}`, directorIds: ["martha"] },
  });
  expect(note.status()).toBe(201);
  const fact = await page.request.post("/api/memory/facts", {
    headers,
    data: { statement: `Our spring menu is at ${LONG.url}`.slice(0, 300), directorId: "martha", onlyDirector: true },
  });
  expect(fact.status()).toBe(201);

  // A chat with a long question and answer, renamed to a long title, and shared.
  await chatWithAnswers(page, 1);
  const { conversations } = (await (await page.request.get("/api/conversations")).json()) as {
    conversations: Array<{ id: string }>;
  };
  const chatId = conversations[0]?.id ?? "";
  const renamed = await page.request.patch(`/api/conversations/${chatId}`, {
    headers,
    data: { title: LONG.conversationTitle },
  });
  expect(renamed.status()).toBe(200);
  const share = await page.request.post(`/api/conversations/${chatId}/share`, { headers, data: {} });
  const { token } = (await share.json()) as { token: string };

  // A board meeting asked with a long address.
  fake.route = boardRoute();
  fake.queueCompletion({ reply: LONG.conversationTitle });
  const board = await page.request.post("/api/board/meetings", {
    headers,
    data: { text: `Should we send everyone to ${LONG.url} this spring?` },
  });
  expect(board.status()).toBe(200);
  const meetingId = /"conversationId":"([^"]+)"/.exec(await board.text())?.[1] ?? "";
  // The next journeys' chats are answered from their own queue again.
  fake.route = undefined;
  return { chatId, token, meetingId };
}

/** How far the page scrolls sideways at this width. */
function pageOverflow(page: Page) {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - window.innerWidth;
  });
}

/** Boxes that cut their content off at the side (not an ellipsis on purpose): text an owner cannot read. */
function clippedBoxes(page: Page) {
  return page.evaluate(() =>
    [...document.body.querySelectorAll<HTMLElement>("*")]
      .filter((element) => {
        const style = getComputedStyle(element);
        if (style.overflowX !== "hidden" && style.overflowX !== "clip") return false;
        // An ellipsis on purpose, a field that scrolls its own long value, or text only a screen reader reads.
        if (style.textOverflow === "ellipsis" || element.matches("input, textarea, select")) return false;
        if (element.closest(".sr-only")) return false;
        return element.clientWidth > 0 && element.scrollWidth > element.clientWidth + 1;
      })
      .map(
        (element) =>
          `<${element.tagName.toLowerCase()} class="${element.getAttribute("class")}"> ${(element.textContent ?? "").slice(0, 40)}`,
      ),
  );
}

/** The innermost element that, hidden, lets the page fit the window again: what pushes it sideways. */
function widest(page: Page) {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const fits = () => root.scrollWidth <= window.innerWidth;
    let culprit: Element = document.body;
    for (;;) {
      const child = [...culprit.children].find((candidate) => {
        if (!(candidate instanceof HTMLElement)) return false;
        const display = candidate.style.display;
        candidate.style.display = "none";
        const found = fits();
        candidate.style.display = display;
        return found;
      });
      if (!child) break;
      culprit = child;
    }
    return `<${culprit.tagName.toLowerCase()} class="${culprit.getAttribute("class")}"> ${(culprit.textContent ?? "").slice(0, 60)}`;
  });
}

describe("on a phone, at night, by keyboard and offline", () => {
  it("is installable, keeps its shell for offline use (never an API answer), and shows the offline screen", async () => {
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), "directors-install-"));
    // A real profile, not an incognito context: Chromium never offers to install from one.
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: "/usr/bin/chromium",
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--no-first-run"],
      viewport: DESKTOP,
      baseURL: browser.url,
    });
    const errors: string[] = [];
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => {
        // Requests that fail while the network is off are what this test is about.
        if (message.type() === "error" && !message.text().includes("ERR_INTERNET_DISCONNECTED")) {
          errors.push(message.text());
        }
      });
      await signInOwner(page);
      await page.goto("/settings");
      await page.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
      const worker = await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
        if (!navigator.serviceWorker.controller) {
          await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve));
        }
        return navigator.serviceWorker.controller?.scriptURL;
      });
      expect(worker).toBe(`${browser.url}/sw.js`);

      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
      expect(installabilityErrors).toEqual([]);
      const manifestInfo = await cdp.send("Page.getAppManifest");
      expect(manifestInfo.errors).toEqual([]);
      expect(manifestInfo.url).toBe(`${browser.url}/manifest.webmanifest`);

      const manifest = await (await page.request.get("/manifest.webmanifest")).json();
      expect(manifest).toMatchObject({
        name: "Directors",
        short_name: "Directors",
        start_url: "/chat",
        display: "standalone",
      });
      expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
      expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
      const icons: string[] = [];
      for (const icon of manifest.icons as Array<{ src: string; sizes: string; purpose: string }>) {
        const response = await page.request.get(icon.src);
        expect(response.headers()["content-type"]).toBe("image/png");
        const png = await response.body();
        // A PNG's header: its width and height at bytes 16 and 20.
        expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
        icons.push(`${icon.sizes} ${icon.purpose}`);
      }
      expect(icons).toEqual(
        expect.arrayContaining(["192x192 any", "512x512 any", "192x192 maskable", "512x512 maskable"]),
      );

      // What the worker keeps: the app's own files, never an answer from /api.
      const cached = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) {
          for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
        }
        return urls;
      });
      expect(cached).toContain("/index.html");
      expect(cached.filter((url) => url.startsWith("/assets/") && url.endsWith(".js")).length).toBeGreaterThan(5);
      expect(cached.filter((url) => url.startsWith("/api"))).toEqual([]);

      // The connection drops while the owner types: the page stays, with what they typed, under a notice.
      const name = page.getByLabel("Name", { exact: true });
      await name.fill("Dana Typed Offline");
      await context.setOffline(true);
      await page.getByRole("status").getByText("You're offline.").waitFor();
      expect(await name.inputValue()).toBe("Dana Typed Offline");
      // Going to another page while offline shows the offline screen in the app's shell, and the page once back.
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" }).click();
      await page.getByRole("heading", { level: 1, name: "You're offline" }).waitFor();
      await context.setOffline(false);
      await page.getByRole("heading", { level: 1, name: "Choose Your Plan" }).waitFor();

      // Reloaded with no network at all: the shell comes from the worker and the offline screen stands in for the page.
      // (Chromium's offline emulation leaves a new page's navigator.onLine true, so it reads "can't be reached".)
      await context.setOffline(true);
      await page.reload();
      await page
        .getByRole("heading", { level: 1, name: /^(You're offline|Directors can't be reached right now)$/ })
        .waitFor();
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" }).waitFor();
      // One message at a time: "Reconnecting…" is for a server that answers but cannot reach its database.
      expect(await page.getByText("Reconnecting…").count()).toBe(0);
      await screenshot(page, "offline-1280-light");
      await context.setOffline(false);
      await page.getByRole("button", { name: "Try again" }).click();
      await page.getByRole("heading", { level: 1, name: "Choose Your Plan" }).waitFor();
    } finally {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
    expect(errors).toEqual([]);
  });

  it("every screen at 375 px: nothing scrolls sideways, targets are fingertip-sized, toasts clear the controls, and axe finds nothing in light or dark", async () => {
    // With less motion menus, sheets and toasts open at once: the screens are the same, the journey shorter.
    const page = await browser.newPage(PHONE, { reducedMotion: "reduce" });
    await signInOwner(page);
    const problems: string[] = [];
    const checkScreen = async (name: string, modal?: Parameters<typeof inBothThemes>[3]) =>
      inBothThemes(
        page,
        name,
        async (theme) => {
          const where = `${name} (${theme})`;
          const sideways = await sidewaysScroll(page);
          if (sideways > 0) problems.push(`${where} scrolls ${sideways} px sideways`);
          for (const target of await smallTargets(page))
            problems.push(`${where}: ${target} is smaller than 44 × 44 px`);
          for (const finding of await axeProblems(page)) problems.push(`${where}: axe ${JSON.stringify(finding)}`);
        },
        modal,
      );

    const checkWidth = async (name: string) => {
      const sideways = await sidewaysScroll(page);
      if (sideways > 0) problems.push(`${name} scrolls ${sideways} px sideways`);
      for (const target of await smallTargets(page)) problems.push(`${name}: ${target} is smaller than 44 × 44 px`);
    };

    browser.expectConsoleError(/no-such-page-anywhere/);
    /** Pages whose light theme axe already checks in the public-site journeys: here, their width and targets. */
    const widthOnly = new Set(["pricing", "terms", "not-found", "forgot-password"]);
    for (const screen of OWNER_SCREENS) {
      await page.goto(screen.address);
      await screen.ready(page);
      await settle(page);
      if (widthOnly.has(screen.name)) await checkWidth(screen.name);
      else await checkScreen(screen.name);
    }

    // The chat with a wide table, long code and a long address (each scrolls or wraps inside its bubble), then its
    // history and search results; the knowledge page with sources.
    await chatWithAnswers(page);
    await settle(page);
    await checkScreen("chat");
    const history = page.getByRole("dialog", { name: "Conversations" });
    const openHistory = async () => {
      await page.getByRole("button", { name: "Conversations" }).click();
      await history.getByRole("button", { name: "Search conversations" }).waitFor();
      await settle(page);
    };
    const search = page.getByRole("dialog", { name: "Search conversations" });
    const closeWithEscape = (dialog: typeof history) => async () => {
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
    };
    await checkScreen("history", { open: openHistory, close: closeWithEscape(history) });
    await checkScreen("search", {
      open: async () => {
        await openHistory();
        await history.getByRole("button", { name: "Search conversations" }).click();
        await search.getByRole("combobox", { name: "Search conversations" }).fill("tasting box");
        await search.getByRole("option").first().waitFor();
        await settle(page);
      },
      close: closeWithEscape(search),
    });

    // A toast on the chat: under the nav bar and the chat's own bar, clear of the message box and Send.
    await page.getByRole("button", { name: "Clear conversation" }).click();
    const toast = openToast(page, "Conversation cleared");
    await toast.waitFor();
    // Where the toast settles once its column has measured the bars (a busy machine can catch it on the way there).
    for (const control of [
      page.getByRole("button", { name: "Menu" }),
      page.getByRole("button", { name: "Clear conversation" }),
      page.getByRole("textbox", { name: /^Message / }),
      page.getByRole("button", { name: "Send message" }),
    ]) {
      const box = (await control.boundingBox()) as Box;
      await expect
        .poll(async () => overlaps((await toast.boundingBox()) as Box, box), { message: `the toast covers ${control}` })
        .toBe(false);
    }
    await screenshot(page, "chat-toast-375");

    await addNotes(page);
    await page.goto("/knowledge");
    await page.getByRole("listitem", { name: "Opening hours" }).waitFor();
    await settle(page);
    await checkScreen("knowledge");

    // A visitor's screens, in the theme the owner left this browser in.
    await page.getByRole("button", { name: "Menu" }).click();
    await page.locator("#mobile-menu").getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    for (const screen of VISITOR_SCREENS) {
      await page.goto(screen.address);
      await screen.ready(page);
      await settle(page);
      if (widthOnly.has(screen.name)) await checkWidth(screen.name);
      else await checkScreen(screen.name);
    }
    expect(problems).toEqual([]);
  });

  it("no screen scrolls sideways at 375 px with long names, titles, e-mail addresses and web addresses", async () => {
    const page = await browser.newPage(PHONE, { reducedMotion: "reduce" });
    const response = await page.request.post("/api/auth/sign-up", {
      headers: { origin: browser.url },
      data: { name: LONG.name, email: LONG.email, password: PASSWORD, confirmPassword: PASSWORD },
    });
    expect(response.status()).toBe(201);
    const { user } = (await response.json()) as { user: { id: string } };
    const { deps } = browser.server;
    await givePlan(deps, user.id, "premium", { profile: { ...PROFILE, businessName: LONG.businessName } });
    await deps.db
      .insert(directorTrainings)
      .values({ userId: user.id, directorId: "martha", answers: answersFor("martha"), trainedAt: deps.now() });
    const { chatId, token, meetingId } = await seedLongContent(page, user.id);

    const wide: string[] = [];
    const check = async (name: string) => {
      await page.waitForLoadState("networkidle");
      for (const box of await clippedBoxes(page)) wide.push(`${name} cuts off ${box}`);
      const overflow = await pageOverflow(page);
      if (overflow > 0) {
        await screenshot(page, `overflow-${name}-375`, { fullPage: false });
        wide.push(`${name} scrolls ${overflow} px sideways: ${await widest(page)}`);
      }
    };
    const visit = async (name: string, address: string, ready: () => Promise<unknown>) => {
      await page.goto(address);
      await ready();
      await check(name);
    };
    const heading = (name?: string | RegExp) => () =>
      page
        .getByRole("heading", name ? { name } : { level: 1 })
        .first()
        .waitFor();
    const text = (words: string) => () => page.getByText(words, { exact: false }).first().waitFor();

    await visit("landing", "/index", heading());
    await visit("pricing", "/pricing", heading("Premium"));
    await visit("subscription", "/subscription", heading("Premium"));
    await visit("onboarding", "/onboarding", text("Step 1 of 10"));
    await visit("select-department", "/select-department", text("Trained at Level 1"));
    await visit("training", "/train-director/martha", text("Question 1 of 10"));
    await visit("chat", `/chat?director=martha&conversation=${chatId}`, text("Track it at"));
    await page.getByRole("button", { name: "Conversations" }).click();
    await page.getByRole("dialog", { name: "Conversations" }).getByText(LONG.conversationTitle).first().waitFor();
    await check("history");
    await page.getByRole("button", { name: "Search conversations" }).click();
    await page.getByRole("combobox", { name: "Search conversations" }).fill("brightbeancoffee");
    await page.getByRole("option").first().waitFor();
    await check("search");
    await page.keyboard.press("Escape");
    await visit("board-meeting", `/board?meeting=${meetingId}`, () =>
      page.getByRole("region", { name: "Board memo" }).getByText("Next steps").waitFor(),
    );
    await visit("board-new", "/board", heading("Put one question to your board"));
    await visit("knowledge", "/knowledge", text(LONG.pageTitle.slice(0, 30)));
    await visit("settings", "/settings", text(LONG.businessName.slice(0, 30)));
    await page.getByText(LONG.email).first().waitFor();
    await visit("shared", `/shared/${token}`, text("Track it at"));
    for (const address of ["/terms", "/privacy", "/contact"]) await visit(address.slice(1), address, heading());
    browser.expectConsoleError(/no-such-page-anywhere/);
    await visit("not-found", "/no-such-page-anywhere", text("Page not found"));

    // A visitor's screens.
    await page.context().clearCookies();
    await visit("sign-up", "/auth?signup=true", () => page.getByLabel("Confirm password").waitFor());
    await visit("login", "/login", heading());
    await visit("forgot-password", "/forgot-password", heading());
    await visit("reset-password", "/reset-password?token=not-a-real-token", heading());
    await visit("verify-email", "/verify-email?token=not-a-real-token", heading());
    await visit("shared-visitor", `/shared/${token}`, text("Track it at"));
    expect(wide).toEqual([]);
  });

  it("switches theme from the nav bar and Settings, keeps it without a flash, follows the system, and passes axe at 1280 px in both", async () => {
    // (No service worker in these pages: the page's own requests must be the ones held back below.) Colours are read
    // and checked right after each switch, so the theme's fade is turned off as an owner who asks for less motion has it.
    const page = await browser.newPage(DESKTOP, { reducedMotion: "reduce" });
    const userId = await signInOwner(page);
    await page.goto("/settings");
    const appearance = page.getByRole("region", { name: "Appearance" });
    const settingsChoice = appearance.getByRole("radiogroup", { name: "Theme" });
    const navChoice = page.getByRole("navigation", { name: "Main" }).getByRole("radiogroup", { name: "Theme" });
    expect(await settingsChoice.getByRole("radio", { name: "System" }).isChecked()).toBe(true);
    const lightBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const primary = page.getByRole("button", { name: "Change password" });
    const lightPrimary = await fillAndBackground(primary);

    // Dark, chosen in Settings: the nav bar's choice follows, and so does the browser's bar colour.
    await appearance.locator("label", { hasText: "Dark" }).click();
    await page.waitForFunction(() => document.documentElement.classList.contains("dark"));
    expect(await navChoice.getByRole("radio", { name: "Dark" }).isChecked()).toBe(true);
    expect(await page.locator('meta[name="theme-color"]').getAttribute("content")).toBe("#0f172a");
    // Read once the page has turned dark: a busy machine has been seen to report the light background in between.
    await page.waitForFunction(() => {
      const context = document.createElement("canvas").getContext("2d") as CanvasRenderingContext2D;
      context.fillStyle = getComputedStyle(document.body).backgroundColor;
      context.fillRect(0, 0, 1, 1);
      const [red = 255, green = 255, blue = 255] = context.getImageData(0, 0, 1, 1).data;
      return red + green + blue < 3 * 64;
    });
    const darkBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(darkBackground).not.toBe(lightBackground);
    // A primary button stands out from its card at least as much in dark as in light, in a blue, not a pale pastel
    // that reads as disabled.
    const darkPrimary = await fillAndBackground(primary);
    const lightContrast = contrastRatio(lightPrimary.fill, lightPrimary.behind);
    expect(contrastRatio(darkPrimary.fill, darkPrimary.behind)).toBeGreaterThanOrEqual(lightContrast);
    expect(chroma(darkPrimary.fill)).toBeGreaterThan(0.1);

    // The first paint of the next visit is dark already: with the app's code held back, the page is dark.
    const held = /\/assets\/.+\.js$/;
    await page.route(held, () => undefined);
    await page.goto("/settings", { waitUntil: "commit" });
    await page.waitForFunction(() => [...document.styleSheets].some((sheet) => sheet.href?.includes("/assets/")));
    const firstPaint = await page.evaluate(() => ({
      appRan: (document.getElementById("root")?.childElementCount ?? 0) > 0,
      dark: document.documentElement.classList.contains("dark"),
      background: getComputedStyle(document.body).backgroundColor,
    }));
    expect(firstPaint).toEqual({ appRan: false, dark: true, background: darkBackground });
    await page.unroute(held);

    // axe at 1280 px in both themes, switching with the nav bar's icons: the chat with long answers and its history
    // beside it, search results, the knowledge page with sources, the directors and Settings.
    const problems: string[] = [];
    const axeBoth = (name: string, modal?: Parameters<typeof inBothThemes>[3]) =>
      inBothThemes(
        page,
        name,
        async (theme) => {
          for (const finding of await axeProblems(page))
            problems.push(`${name} (${theme}): ${JSON.stringify(finding)}`);
        },
        modal,
      );
    await chatWithAnswers(page, 1);
    await page.getByRole("navigation", { name: "Conversations" }).locator("[aria-current=page]").waitFor();
    await settle(page);
    await axeBoth("chat");
    const search = page.getByRole("dialog", { name: "Search conversations" });
    await axeBoth("search", {
      open: async () => {
        await page.keyboard.press("Control+k");
        await search.getByRole("combobox", { name: "Search conversations" }).fill("Instagram");
        await search.getByRole("option").first().waitFor();
        await settle(page);
      },
      close: async () => {
        await page.keyboard.press("Escape");
        await search.waitFor({ state: "hidden" });
      },
    });
    await addNotes(page);
    await page.goto("/knowledge");
    await page.getByRole("listitem", { name: "Opening hours" }).waitFor();
    await settle(page);
    await axeBoth("knowledge");

    // A board meeting with Martha and Finn: their answers side by side and the memo under them.
    await browser.server.deps.db
      .insert(directorTrainings)
      .values({ userId, directorId: "finn", answers: answersFor("finn"), trainedAt: new Date() });
    fake.route = boardRoute({ chunkDelayMs: 2, memoChunkDelayMs: 2 });
    fake.queueCompletion({ reply: "Spring marketing budget" });
    try {
      await page.goto("/board");
      const boardQuestion = page.getByRole("textbox", { name: /question for the board/i });
      await boardQuestion.fill("Should we spend more on spring marketing?");
      await boardQuestion.press("Enter");
      await page.getByRole("region", { name: "Board memo" }).getByRole("heading", { name: "Next steps" }).waitFor();
      await page.getByRole("button", { name: "Ask the board" }).waitFor();
      await settle(page);
      await axeBoth("board");
    } finally {
      fake.route = undefined;
    }

    // "Reconnecting…" while the server cannot reach its database (its answers held back here), in both themes.
    browser.expectConsoleError(/status of 503/);
    const unavailable = {
      status: 503,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "server:database", message: ERRORS["server:database"].message } }),
    };
    for (const address of ["**/api/health", "**/api/knowledge"])
      await page.route(address, (route) => route.fulfill(unavailable));
    await page.goto("/knowledge");
    const reconnecting = page.getByRole("status").filter({ hasText: "Reconnecting…" });
    await reconnecting.waitFor();
    await settle(page);
    await axeBoth("reconnecting");
    // (The next page is a fresh load: it starts connected.)
    await page.unrouteAll();

    // Settings with a toast, then with a dialog open, in both themes.
    await page.goto("/settings");
    await page.getByRole("region", { name: "Business profile" }).getByText("Bright Bean").first().waitFor();
    await settle(page);
    for (const theme of ["dark", "light"] as const) {
      if (theme !== (await currentTheme(page))) await chooseTheme(page, theme);
      await page.getByLabel("Name", { exact: true }).fill(`Dana ${theme}`);
      await page.getByRole("button", { name: "Save name" }).click();
      await openToast(page, `You now appear as Dana ${theme}.`).waitFor();
      for (const finding of await axeProblems(page)) problems.push(`toast (${theme}): ${JSON.stringify(finding)}`);
      await screenshot(page, `toast-1280-${theme}`, { fullPage: false });
      await page.getByRole("button", { name: "Delete training: Martha" }).click();
      const dialog = page.getByRole("dialog", { name: "Delete Martha's training?" });
      await dialog.waitFor();
      await settle(page);
      for (const finding of await axeProblems(page)) problems.push(`dialog (${theme}): ${JSON.stringify(finding)}`);
      await screenshot(page, `dialog-1280-${theme}`, { fullPage: false });
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
    }
    expect(problems).toEqual([]);

    // Light, chosen in the nav bar, is remembered too; System forgets the choice.
    await chooseTheme(page, "light");
    await page.reload();
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await currentTheme(page)).toBe("light");
    expect(await page.evaluate(() => localStorage.getItem("directors:theme"))).toBe("light");
    await navChoice
      .locator("label")
      .filter({ has: page.getByRole("radio", { name: "System" }) })
      .click();
    expect(await page.evaluate(() => localStorage.getItem("directors:theme"))).toBeNull();

    // A browser set to dark, with less motion, and no choice made: dark before the app runs, and nothing moves.
    const visitor = await browser.newPage(DESKTOP, { colorScheme: "dark", reducedMotion: "reduce" });
    await visitor.route(held, () => undefined);
    await visitor.goto("/index", { waitUntil: "commit" });
    await visitor.waitForFunction(() => [...document.styleSheets].some((sheet) => sheet.href?.includes("/assets/")));
    expect(await visitor.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    await visitor.unroute(held);
    await visitor.goto("/index");
    await visitor.getByRole("heading", { level: 1 }).waitFor();
    expect(await currentTheme(visitor)).toBe("dark");
    const moving = await visitor.evaluate(
      () =>
        document
          .getAnimations()
          .map((animation) => animation.effect?.getComputedTiming())
          .filter((timing) => Number(timing?.duration) > 1 || timing?.iterations === Number.POSITIVE_INFINITY).length,
    );
    expect(moving).toBe(0);
    const transition = await visitor
      .getByRole("link", { name: "Start Free Trial" })
      .evaluate((link) => getComputedStyle(link).transitionDuration);
    expect(Number.parseFloat(transition)).toBeLessThan(0.001);
  });

  it("goes through onboarding, the choice of a director, training and a chat with the keyboard alone", async () => {
    const page = await browser.newPage(DESKTOP);
    await signInOwner(page, { profile: false, trained: false });
    await page.goto("/onboarding");

    type Stop = { tag: string; type: string; text: string; href: string; visible: boolean; html: string };
    /** Tabs until the focused element is the one wanted, checking that every stop on the way shows its focus. */
    const tabTo = async (wanted: (stop: Stop) => boolean, description: string) => {
      for (let presses = 0; presses < 40; presses += 1) {
        await page.keyboard.press("Tab");
        const stop = await page.evaluate((): Stop => {
          const element = document.activeElement as HTMLElement;
          const style = getComputedStyle(element);
          return {
            tag: element.tagName.toLowerCase(),
            type: element.getAttribute("type") ?? "",
            text: element.textContent?.trim() ?? "",
            href: element.getAttribute("href") ?? "",
            visible: style.outlineStyle !== "none" || style.boxShadow !== "none",
            html: element.outerHTML.slice(0, 100),
          };
        });
        expect(stop.visible, `on the way to ${description}, focus cannot be seen on ${stop.html}`).toBe(true);
        if (wanted(stop)) return;
      }
      throw new Error(`Tab never reached ${description}`);
    };
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");

    // Answers arrive as typed text in one go (as from a keyboard's input method); every move is a key press.
    for (let step = 1; step <= 10; step += 1) {
      await page.getByText(`Step ${step} of 10`, { exact: true }).waitFor();
      // Each step puts the cursor in its answer.
      await page.waitForFunction(() => document.activeElement?.matches("input, textarea"));
      await page.keyboard.insertText("Bright Bean Coffee, roasting to order since 2015");
      if (step % 2 === 0) {
        await tabTo((stop) => stop.tag === "button" && stop.type === "submit", "Next");
        expect(await focused()).toBe(step === 10 ? "Complete" : "Next");
        await page.keyboard.press("Enter");
      } else {
        const textArea = await page.evaluate(() => document.activeElement?.tagName === "TEXTAREA");
        await page.keyboard.press(textArea ? "Control+Enter" : "Enter");
      }
    }

    // A new page: focus is on its heading, so Tab starts from the top of it.
    await page.waitForURL("**/select-department");
    await page.waitForFunction(() => document.activeElement?.tagName === "H1");
    // The directors come a moment after the heading; until then Tab would leave the page.
    await page.getByRole("group", { name: "Martha" }).waitFor();
    await tabTo((stop) => stop.href === "/train-director/martha", "Martha's Start Training");
    await page.keyboard.press("Enter");

    await page.getByRole("heading", { level: 1, name: "Train Martha" }).waitFor();
    for (let question = 1; question <= 10; question += 1) {
      await page.getByText(`Question ${question} of 10`, { exact: true }).waitFor();
      await page.waitForFunction(() => document.activeElement?.tagName === "TEXTAREA");
      await page.keyboard.insertText("We spend $800 a month on Instagram.");
      if (question === 10) {
        await tabTo((stop) => stop.tag === "button" && stop.type === "submit", "Complete Training");
        expect(await focused()).toBe("Complete Training");
        await page.keyboard.press("Enter");
      } else {
        await page.keyboard.press("Control+Enter");
      }
    }
    // The chat opens with the cursor in the message box; the finished answer is read out once.
    await page.waitForURL((url) => url.pathname === "/chat");
    await page
      .getByRole("list", { name: "Conversation with Martha" })
      .getByText(/^Hi, I'm Martha/)
      .waitFor();
    await page.waitForFunction(() => document.activeElement?.matches("textarea[id^=chat-input]"));
    fake.queueChat({ reply: WIDE_ANSWER });
    await page.keyboard.insertText("How should I split my $800 between channels?");
    await page.keyboard.press("Enter");
    await answered(page).waitFor({ state: "attached" });
    expect(await answered(page).textContent()).toContain("Instagram $600 40 $15.00");

    // Back through the answer's controls to the conversation itself, which the keyboard scrolls.
    const messages = page.getByRole("region", { name: "Messages with Martha" });
    for (let presses = 0; presses < 30; presses += 1) {
      await page.keyboard.press("Shift+Tab");
      if (await messages.evaluate((element) => element === document.activeElement)) break;
    }
    expect(await messages.evaluate((element) => element === document.activeElement)).toBe(true);
    const scrollTop = () => messages.evaluate((element) => element.scrollTop);
    // Home, again if need be: what arrives under the answer after it (its notes, its sources) can move the
    // conversation once more while a busy machine is still scrolling it.
    await expect
      .poll(async () => {
        await page.keyboard.press("Home");
        return scrollTop();
      })
      .toBe(0);
    await page.keyboard.press("End");
    await expect.poll(scrollTop).toBeGreaterThan(0);
  });
});
