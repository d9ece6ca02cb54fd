// First-load JavaScript of the landing page and of the chat page, as Chromium loads them: `npm run bench:chat-page`.
//
// Builds the browser app, serves it from the real server on an in-memory database (the test AI server answering), and
// in a fresh browser profile each (no cache, no service worker):
//   - opens "/" as a visitor and sums the JavaScript loaded by the time the page has loaded and gone quiet;
//   - signs up an owner with a plan and a trained Martha, opens /chat and sums the JavaScript the page had asked for
//     by the moment a question can be sent (the welcome message shown, Send enabled: noted in the page as the DOM
//     changes), then asks one and notes what else it asked for by the time the answer had streamed, and what it went
//     on to fetch while idle.
// Sizes are each file's bytes gzipped here (level 6, as the landing bundle script does; 1 kB = 1000 bytes), whatever
// the server sent. Exits with 1 when the landing page is over 100 kB or the chat page over 200 kB.
import zlib from "node:zlib";
import type { Page } from "playwright-core";
import { noteWhenReadyToAsk } from "../e2e/support/ready-to-ask";
import { seedChatOwner } from "../e2e/support/seed-chat-owner";
import { startFakeAiServer } from "../server/test/fake-ai-server";
import { builtAppEnv, startBuiltApp } from "./built-app";

const LANDING_BUDGET_BYTES = 100_000;
const CHAT_BUDGET_BYTES = 200_000;

const print = (line = "") => process.stdout.write(`${line}\n`);
const kb = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`;

const fake = await startFakeAiServer();
const app = await startBuiltApp("chat-page", builtAppEnv(fake.url));
const { server, browser } = app;

/** The gzip size of every JavaScript file of the app the page loads, by path (read once each has arrived). */
function recordScripts(page: Page) {
  const sizes = new Map<string, number>();
  page.on("requestfinished", async (request) => {
    const url = new URL(request.url());
    if (url.origin !== server.url || !url.pathname.endsWith(".js") || sizes.has(url.pathname)) return;
    const body = await (await request.response())?.body().catch(() => undefined);
    if (body) sizes.set(url.pathname, zlib.gzipSync(body).length);
  });
  return sizes;
}

/** The app's JavaScript files the page had asked for by `time` (performance.now() in the page), with their sizes. */
async function askedFor(page: Page, sizes: Map<string, number>, time: number): Promise<Map<string, number>> {
  const paths = await page.evaluate(
    ([origin, until]) =>
      performance
        .getEntriesByType("resource")
        .filter((entry) => entry.startTime <= until && entry.name.startsWith(origin))
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.endsWith(".js")),
    [server.url, time] as const,
  );
  return new Map(paths.map((path) => [path, sizes.get(path) ?? Number.NaN]));
}

const sum = (files: Map<string, number>) => [...files.values()].reduce((total, size) => total + size, 0);

function printFiles(title: string, files: Map<string, number>, except = new Map<string, number>()) {
  const rows = [...files].filter(([file]) => !except.has(file)).sort((a, b) => b[1] - a[1]);
  const width = Math.max(0, ...rows.map(([file]) => file.length));
  print(title);
  for (const [file, size] of rows) print(`  ${file.padEnd(width)}  gzip ${kb(size).padStart(9)}`);
  if (rows.length === 0) print("  (none)");
}

/** Lets requests the page has started finish, and their bodies be read. */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await new Promise((resolve) => setTimeout(resolve, 200));
}

async function landing(): Promise<Map<string, number>> {
  const context = await browser.newContext({ serviceWorkers: "block", viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const sizes = recordScripts(page);
    await page.goto(`${server.url}/`, { waitUntil: "load" });
    await settle(page);
    return sizes;
  } finally {
    await context.close();
  }
}

async function chat() {
  const context = await browser.newContext({
    serviceWorkers: "block",
    viewport: { width: 1280, height: 800 },
    baseURL: server.url,
  });
  try {
    const page = await context.newPage();
    const response = await page.request.post("/api/auth/sign-up", {
      headers: { origin: server.url },
      data: {
        name: "Bench Owner",
        email: `bench-${Date.now()}@example.com`,
        password: "correct-horse-battery",
        confirmPassword: "correct-horse-battery",
      },
    });
    if (response.status() !== 201) throw new Error(`Sign-up answered ${response.status()}`);
    const { user } = (await response.json()) as { user: { id: string } };
    await seedChatOwner(server.deps.db, user.id);

    await context.addInitScript(noteWhenReadyToAsk);
    const sizes = recordScripts(page);
    await page.goto("/chat");
    const readyAt = await (
      await page.waitForFunction(() => (window as unknown as { readyAt?: number }).readyAt ?? 0)
    ).jsonValue();

    fake.queueChat({ reply: "Start with **email** for a week." });
    await page.getByRole("textbox", { name: /^Message / }).fill("Where should I start?");
    await page.getByRole("button", { name: "Send message" }).click();
    await page
      .getByRole("list", { name: /^Conversation with / })
      .locator("strong", { hasText: "email" })
      .waitFor();
    const answeredAt = await page.evaluate(() => performance.now());
    await settle(page);
    return {
      ready: await askedFor(page, sizes, readyAt),
      answered: await askedFor(page, sizes, answeredAt),
      idle: await askedFor(page, sizes, Number.POSITIVE_INFINITY),
    };
  } finally {
    await context.close();
  }
}

try {
  const landingFiles = await landing();
  const { ready, answered, idle } = await chat();
  printFiles("The landing page (/) loads:", landingFiles);
  print();
  printFiles("The chat page (/chat) loads before a question can be asked:", ready);
  print();
  printFiles("…then by the time the first answer has streamed:", answered, ready);
  print();
  printFiles("…then while idle:", idle, answered);
  const landingJs = sum(landingFiles);
  const chatJs = sum(ready);
  print(`\nJavaScript gzip (1 kB = 1000 bytes):`);
  print(`  landing page                    ${kb(landingJs).padStart(10)}  (budget ${kb(LANDING_BUDGET_BYTES)})`);
  print(`  chat page, ready to ask         ${kb(chatJs).padStart(10)}  (budget ${kb(CHAT_BUDGET_BYTES)})`);
  print(`  chat page, first answer shown   ${kb(sum(answered)).padStart(10)}`);
  print(`  chat page, after idle           ${kb(sum(idle)).padStart(10)}`);
  if (landingJs > LANDING_BUDGET_BYTES) {
    console.error(`\nThe landing page is over budget by ${kb(landingJs - LANDING_BUDGET_BYTES)}.`);
    process.exitCode = 1;
  }
  if (chatJs > CHAT_BUDGET_BYTES) {
    console.error(`\nThe chat page is over budget by ${kb(chatJs - CHAT_BUDGET_BYTES)}.`);
    process.exitCode = 1;
  }
} finally {
  await app.close();
  await fake.close();
}
// A background task the answer left behind (its learning, say) can still hold a timer; the figures are out, so end.
process.exit();
