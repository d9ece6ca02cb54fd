import fs from "node:fs";
import net from "node:net";
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
} from "playwright-core";
import { afterAll, afterEach, beforeAll, inject } from "vitest";
import type { RetryOptions } from "../../server/ai/retry";
import type { DatabaseHandle } from "../../server/db/client";
import { parseEnv } from "../../server/env";
import { createLogger } from "../../server/logger";
import { type RunningServer, startServer } from "../../server/start";
import { createTestDatabase } from "../../server/test/test-database";

export const PHONE = { width: 375, height: 812 } as const;
export const TABLET = { width: 768, height: 1024 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export type ServerOptions = {
  env?: Record<string, string>;
  now?: () => Date;
  /** Opens the database to serve from (a PostgreSQL server's); by default a fresh in-memory one. */
  database?: () => Promise<DatabaseHandle>;
  /** The AI retry policy; by default its delays are a few milliseconds, `{}` keeps the spec's. */
  aiRetry?: RetryOptions;
};

/** The built app served by the real server on a free port, on a fresh in-memory database. */
export async function startAppServer(options: ServerOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const env = parseEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: `http://127.0.0.1:${port}`,
    // Every test signs up its own owners from the same address, many within a
    // minute; the sign-in limit itself is proven by the API tests.
    AUTH_RATE_LIMIT_PER_MINUTE: "1000",
    ...options.env,
  });
  const server = await startServer({
    env,
    log: createLogger(env.LOG_LEVEL),
    staticDir: inject("staticDir"),
    database: options.database ? await options.database() : await createTestDatabase(),
    now: options.now,
    aiRetry: options.aiRetry ?? { firstDelayMs: 5 },
    // Background jobs look for work often and retry soon, so a journey waits seconds, not minutes.
    jobs: { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1 },
  });
  return server;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * One Chromium per test file, one server per test file (restartable with
 * `restart`), a fresh browser context per test. A console error or an uncaught
 * page error fails the test unless the test expected it.
 */
export function setupBrowser(serverOptions: ServerOptions = {}, browserOptions: { args?: string[] } = {}) {
  const state = {
    browser: undefined as unknown as Browser,
    server: undefined as unknown as RunningServer,
    contexts: [] as BrowserContext[],
    consoleErrors: [] as string[],
    expectedErrors: [] as RegExp[],
  };

  beforeAll(async () => {
    state.browser = await chromium.launch({
      executablePath: "/usr/bin/chromium",
      headless: true,
      // A journey may add its own flags (a fake microphone playing a file, say).
      args: [...CHROMIUM_FLAGS, ...(browserOptions.args ?? [])],
    });
    state.server = await startAppServer(serverOptions);
  });

  afterEach(async (context) => {
    if (context.task.result?.state === "fail") await reportOpenPages(state.contexts);
    await Promise.all(state.contexts.splice(0).map((browserContext) => browserContext.close()));
    const unexpected = state.consoleErrors.filter((message) => !state.expectedErrors.some((re) => re.test(message)));
    state.consoleErrors = [];
    state.expectedErrors = [];
    if (unexpected.length > 0) throw new Error(`The page logged errors:\n${unexpected.join("\n")}`);
  });

  afterAll(async () => {
    await state.server?.close();
    await state.browser?.close();
  });

  return {
    get server() {
      return state.server;
    },
    /**
     * The app's origin. Seeding calls through `page.request` send it as `Origin` themselves: a page's own fetches
     * carry it, but Playwright's request context sends none, and the server refuses state-changing requests that do
     * not come from the app.
     */
    get url() {
      return state.server.url;
    },
    /** Replaces the server, e.g. to change configuration; the new one has a fresh database. */
    async restart(options: ServerOptions) {
      const previous = state.server;
      state.server = undefined as unknown as RunningServer;
      await previous.close();
      state.server = await startAppServer(options);
    },
    /** Marks console errors matching this pattern as expected in the current test. */
    expectConsoleError(pattern: RegExp) {
      state.expectedErrors.push(pattern);
    },
    /**
     * A page in a fresh context; `options` are the context's own, e.g. `colorScheme` or `reducedMotion`. The app's
     * service worker is blocked unless a test asks for it: its downloads for offline use would only slow the suite.
     */
    async newPage(
      viewport: { width: number; height: number } = DESKTOP,
      options: BrowserContextOptions = {},
    ): Promise<Page> {
      const context = await state.browser.newContext({
        serviceWorkers: "block",
        ...options,
        viewport,
        baseURL: state.server.url,
      });
      state.contexts.push(context);
      const page = await context.newPage();
      page.on("console", (message) => {
        // A 4xx answer is the app working as designed (a wrong password, a 401 probe); 5xx is not.
        if (message.type() !== "error" || /status of 4\d\d/.test(message.text())) return;
        state.consoleErrors.push(message.text());
      });
      page.on("pageerror", (error) => state.consoleErrors.push(`Uncaught: ${error.message}`));
      return page;
    },
  };
}

/** After a failure: where each open page was and what it showed, for reading a CI log. */
async function reportOpenPages(contexts: BrowserContext[]) {
  for (const page of contexts.flatMap((browserContext) => browserContext.pages())) {
    const text = await page
      // The main region, not the navigation around it, which would use up the excerpt.
      .evaluate(() => ((document.querySelector("main") ?? document.body).textContent ?? "").slice(0, 1500))
      .catch((error: Error) => `(unreadable: ${error.message})`);
    process.stderr.write(`\n--- open page ${page.url()} ---\n${text}\n---\n`);
  }
}

/** Saves a screenshot under e2e/screenshots (ignored by git) for a person to look at: the whole page, or what is in view. */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  fs.mkdirSync("e2e/screenshots", { recursive: true });
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: options.fullPage ?? true });
}

/**
 * One part of a page, cut from a picture of the whole page. Unlike locator.screenshot, this does not wait for the
 * browser to paint two frames with the part in one place, which a busy CI machine may not do within the timeout.
 */
export async function screenshotOf(part: Locator, name: string) {
  fs.mkdirSync("e2e/screenshots", { recursive: true });
  const box = await part.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { x: rect.x + window.scrollX, y: rect.y + window.scrollY, width: rect.width, height: rect.height };
  });
  await part.page().screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: true, clip: box });
}
