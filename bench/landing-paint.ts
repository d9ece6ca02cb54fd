// Landing page first paint with and without the service worker (issue 15): part of `npm run bench:landing`.
//
// Builds the browser app, serves it from the real server on an in-memory database, and loads "/" in Chromium as a
// visitor on a slow phone (4× CPU slowdown, 1.6 Mbps down, 150 ms round trips), RUNS times each:
//   - first visit with the service worker as built, and with its registration script emptied (no worker at all);
//   - the next visit in the same browser, where the worker (when there is one) serves the shell from its cache.
// Prints the medians of first contentful paint and of the load event, and when the page registered the worker:
// after its first paint, so the worker never competes with it. Exits with 1 if any first visit registered earlier.
import type { BrowserContext, Page } from "playwright-core";
import { builtAppEnv, startBuiltApp } from "./built-app";

const RUNS = Number(process.env.RUNS ?? 5);
const CPU_SLOWDOWN = 4;
const NETWORK = { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 90_000 };

type Visit = { fcp: number; load: number; workerScriptAt: number | null };

const app = await startBuiltApp("landing-paint", builtAppEnv());
const { server, browser } = app;

async function slowPhone(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", NETWORK);
}

async function visit(page: Page): Promise<Visit> {
  await page.goto(`${server.url}/`, { waitUntil: "load" });
  return page.evaluate(async () => {
    // The paint entry can land a moment after load on a slow machine.
    for (let tries = 0; tries < 50 && !performance.getEntriesByName("first-contentful-paint").length; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const paint = performance.getEntriesByName("first-contentful-paint")[0];
    return {
      fcp: paint?.startTime ?? Number.NaN,
      load: navigation.loadEventStart,
      workerScriptAt: (window as unknown as { workerScriptAt?: number }).workerScriptAt ?? null,
    };
  });
}

/** Two visits in one fresh browser profile; `worker: false` serves an empty registration script instead. */
async function twoVisits(worker: boolean): Promise<[Visit, Visit]> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  try {
    if (!worker) {
      await context.route("**/register-sw.js", (route) =>
        route.fulfill({ status: 200, contentType: "text/javascript", body: "" }),
      );
    }
    // When the page registers the worker: noted by a wrapper around navigator.serviceWorker.register.
    await context.addInitScript(() => {
      const register = navigator.serviceWorker?.register.bind(navigator.serviceWorker);
      if (!register) return;
      navigator.serviceWorker.register = (url, options) => {
        (window as unknown as { workerScriptAt: number }).workerScriptAt = performance.now();
        return register(url, options);
      };
    });
    const page = await context.newPage();
    await slowPhone(context, page);
    const first = await visit(page);
    if (worker) {
      first.workerScriptAt = await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
        return (window as unknown as { workerScriptAt: number }).workerScriptAt;
      });
    }
    const second = await visit(page);
    return [first, second];
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const ms = (value: number) => `${Math.round(value)} ms`.padStart(8);

try {
  const results = { with: [] as Array<[Visit, Visit]>, without: [] as Array<[Visit, Visit]> };
  for (let run = 0; run < RUNS; run += 1) {
    results.with.push(await twoVisits(true));
    results.without.push(await twoVisits(false));
  }
  const print = (line = "") => process.stdout.write(`${line}\n`);
  print(
    `\nLanding page on a slow phone (${CPU_SLOWDOWN}× CPU, ${NETWORK.downloadThroughput / 125_000} Mbps, ${NETWORK.latency} ms), median of ${RUNS}:\n`,
  );
  print("                                  first paint      load   worker script asked at");
  for (const [label, key] of [
    ["first visit, with the worker    ", "with"],
    ["first visit, without a worker   ", "without"],
  ] as const) {
    const visits = results[key].map(([first]) => first);
    const asked = visits.map((item) => item.workerScriptAt).filter((value): value is number => value !== null);
    print(
      `  ${label}${ms(median(visits.map((item) => item.fcp)))}  ${ms(median(visits.map((item) => item.load)))}   ${asked.length ? ms(median(asked)) : "     —"}`,
    );
  }
  for (const [label, key] of [
    ["next visit, shell from the worker", "with"],
    ["next visit, without a worker   ", "without"],
  ] as const) {
    const visits = results[key].map(([, second]) => second);
    print(`  ${label}${ms(median(visits.map((item) => item.fcp)))}  ${ms(median(visits.map((item) => item.load)))}`);
  }
  const firstVisits = results.with.map(([first]) => first);
  const early = firstVisits.filter((item) => item.workerScriptAt !== null && item.workerScriptAt < item.fcp);
  print(
    `\n  The worker was registered before the first paint in ${early.length} of ${firstVisits.length} first visits.`,
  );
  if (early.length > 0) process.exitCode = 1;
} finally {
  await app.close();
}
// PGlite's WebAssembly may still be compiling in V8's background threads, which would hold the exit for minutes on a
// busy machine; the figures are out, so end.
process.exit();
