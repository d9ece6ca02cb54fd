// The landing page's demo video: `npm run demo:record`.
//
// Builds the browser app, starts the real server on a fresh in-memory database with the local OpenAI-protocol test
// server as its AI service (scripted with a realistic answer), and drives Chromium through what a new owner does:
// sign up → free trial → onboarding → training Martha → a streamed answer. Playwright records the screen; ffmpeg
// (Debian's package: `sudo apt-get install -y ffmpeg`) compresses it to a small WebM, and the last frame, with the
// answer on screen, becomes the poster. Both land in web/public/demo/, served by our own server.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEMO_POSTER_PATH, DEMO_VIDEO_PATH } from "../shared/demo-video";
import { TRAINING_QUESTIONS, trainingQuestionFor } from "../shared/training";

const SIZE = { width: 1280, height: 720 };
/** The committed file stays well inside the landing page's 3 MB allowance for the demo. */
const MAX_BYTES = 3 * 1024 * 1024;
const OUT_DIR = path.resolve("web/public");

const PROFILE = {
  businessName: "Bright Bean Coffee Roasters",
  industry: "Specialty coffee",
  description: "We roast single-origin coffee in small batches and sell it in two cafés and online.",
  target: "Coffee lovers aged 25 to 45 who work from home and care where their beans come from.",
  products: "Whole-bean coffee, a $24 monthly subscription, espresso drinks and barista workshops.",
  goals: "Grow subscriptions from 300 to 800 and open a third café next autumn.",
  challenges: "Green coffee prices are up 30% and subscribers cancel after about three months.",
  competitors: "Two national chains nearby and a few online roasters.",
  uniqueValue: "We roast to order within 48 hours and know every farmer we buy from by name.",
  metrics: "Monthly revenue, active subscribers, churn and average order value.",
};

const TRAINING: Record<string, string> = {
  marketing_channels: "Instagram brings most new customers, then our newsletter (2,100 readers) and word of mouth.",
  brand_voice: "Warm, expert and a little playful: 'Good coffee, roasted this week'.",
  previous_campaigns: "A spring tasting box sold 200 units from $500 of Instagram ads; a 20% discount code flopped.",
  budget: "About $800 a month, mostly Instagram ads, plus $60 for our email tool.",
  seo_status: "A website and a Google Business Profile with 140 reviews, about 3,000 visits a month.",
  content_strategy: "Two Instagram posts a week and a monthly newsletter written by the owner.",
};

const QUESTION = "How do I keep subscribers past their third month?";
const ANSWER = [
  "Most cancellations come when the box stops feeling new, so give month three a reason to stay:",
  "",
  "1. **A month-three surprise**: a tasting card and a 50 g sample of a new origin in every third box.",
  "2. **Meet the farmer**: tell next month's farm story in your newsletter — the chains can't copy that.",
  "3. **Pause instead of cancel**: offer a one-month pause on the cancel page.",
  "",
  "Track churn at months 3 and 4 separately next quarter.",
].join("\n");

async function main() {
  const ffmpeg = findFfmpeg();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "directors-demo-"));
  // Playwright looks for its own ffmpeg build; point it at the system's, so nothing is downloaded.
  const browsersJson = JSON.parse(fs.readFileSync("node_modules/playwright-core/browsers.json", "utf8")) as {
    browsers: Array<{ name: string; revision: string }>;
  };
  const revision = browsersJson.browsers.find((browser) => browser.name === "ffmpeg")?.revision;
  if (!revision) throw new Error("playwright-core does not name an ffmpeg revision");
  const registry = path.join(work, "browsers");
  fs.mkdirSync(path.join(registry, `ffmpeg-${revision}`), { recursive: true });
  fs.symlinkSync(ffmpeg, path.join(registry, `ffmpeg-${revision}`, "ffmpeg-linux"));
  process.env.PLAYWRIGHT_BROWSERS_PATH = registry;

  const webDir = path.join(work, "web");
  log("building the browser app");
  execFileSync(process.execPath, ["node_modules/vite/bin/vite.js", "build", "--logLevel", "warn", "--outDir", webDir], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });

  const { chromium } = await import("playwright-core");
  const { parseEnv } = await import("../server/env");
  const { createLogger } = await import("../server/logger");
  const { startServer } = await import("../server/start");
  const { startFakeAiServer } = await import("../server/test/fake-ai-server");
  const { openDatabase } = await import("../server/db/open-database");

  const fake = await startFakeAiServer();
  fake.queueChat({ reply: ANSWER, firstTokenDelayMs: 700, chunkDelayMs: 45 });
  // The conversation's title in the history list, asked for after the answer.
  fake.queueCompletion({ reply: "Winning back subscribers" });
  const env = parseEnv({
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    PORT: "0",
    HOST: "127.0.0.1",
    AI_BASE_URL: fake.url,
    AI_API_KEY: "demo-recording",
    CHAT_MODEL: "demo-model",
  });
  const server = await startServer({
    env,
    log: createLogger(env.LOG_LEVEL),
    staticDir: webDir,
    database: await openDatabase({ kind: "pglite", dataDir: undefined }),
  });
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--disable-background-networking"],
  });
  const rawDir = path.join(work, "raw");
  const posterFile = path.join(work, "poster.jpg");
  try {
    const context = await browser.newContext({
      viewport: SIZE,
      baseURL: server.url,
      recordVideo: { dir: rawDir, size: SIZE },
    });
    const page = await context.newPage();
    await drive(page);
    await page.screenshot({ path: posterFile, type: "jpeg", quality: 72 });
    await context.close();
  } finally {
    await browser.close();
    await server.close();
    await fake.close();
  }

  const [raw] = fs.readdirSync(rawDir).filter((name) => name.endsWith(".webm"));
  if (!raw) throw new Error("Playwright saved no video");
  const video = path.join(OUT_DIR, DEMO_VIDEO_PATH);
  fs.mkdirSync(path.dirname(video), { recursive: true });
  log("compressing the recording");
  // The screen is mostly still text: 15 frames a second and a constant-quality VP9 keep it sharp and small.
  execFileSync(ffmpeg, [
    ...["-loglevel", "error", "-y", "-i", path.join(rawDir, raw), "-an", "-r", "15"],
    ...["-c:v", "libvpx-vp9", "-crf", "42", "-b:v", "0", "-row-mt", "1", "-deadline", "good", "-cpu-used", "4"],
    video,
  ]);
  fs.copyFileSync(posterFile, path.join(OUT_DIR, DEMO_POSTER_PATH));
  const bytes = fs.statSync(video).size;
  fs.rmSync(work, { recursive: true, force: true });
  if (bytes > MAX_BYTES) throw new Error(`The demo is ${bytes} bytes, over ${MAX_BYTES}: shorten the script.`);
  log(`saved ${path.relative(process.cwd(), video)} (${(bytes / 1024 / 1024).toFixed(2)} MB) and its poster`);
}

type Page = import("playwright-core").Page;

/** What a new owner does, at a pace a viewer can follow. */
async function drive(page: Page) {
  const pause = (ms: number) => page.waitForTimeout(ms);
  const type = async (locator: ReturnType<Page["locator"]>, text: string, delay = 18) => {
    await locator.click();
    await locator.pressSequentially(text, { delay });
  };

  await page.goto("/auth?signup=true");
  await page.getByRole("button", { name: "Create Account" }).waitFor();
  await pause(600);
  await type(page.getByLabel("Name"), "Maya Lopez", 40);
  await type(page.getByLabel("Email"), "maya@brightbean.example", 25);
  await page.getByLabel("Password", { exact: true }).fill("correct-horse-battery");
  await page.getByLabel("Confirm password").fill("correct-horse-battery");
  await pause(300);
  await page.getByRole("button", { name: "Create Account" }).click();

  await page.getByRole("button", { name: "Start Free Trial" }).waitFor();
  await pause(1200);
  await page.getByRole("button", { name: "Start Free Trial" }).click();

  const answer = page.locator("form").getByRole("textbox");
  for (const [index, value] of Object.values(PROFILE).entries()) {
    await page.getByText(`Step ${index + 1} of 10`, { exact: true }).waitFor();
    // The first answers are typed, the rest appear at once so the video stays short.
    if (index < 2) await answer.pressSequentially(value, { delay: 35 });
    else await answer.fill(value);
    await pause(index < 2 ? 350 : 220);
    await page.getByRole("button", { name: index === 9 ? "Complete" : "Next" }).click();
  }

  await page.getByRole("group", { name: "Martha" }).getByRole("link", { name: "Start Training" }).waitFor();
  await pause(1400);
  await page.getByRole("group", { name: "Martha" }).getByRole("link", { name: "Start Training" }).click();

  for (const [index, question] of TRAINING_QUESTIONS.martha.entries()) {
    await page.getByText(`Question ${index + 1} of 10`, { exact: true }).waitFor();
    const asked = trainingQuestionFor(question, PROFILE);
    if (asked.earlier) {
      // Onboarding already answered this: the answer is filled in; the owner sharpens the first one.
      if (index === 0) {
        await pause(900);
        await answer.press("End");
        await answer.pressSequentially(" Most of all the ones who already subscribe.", { delay: 30 });
      }
    } else {
      await answer.fill(TRAINING[question.name] ?? "");
    }
    await pause(index === 0 ? 500 : 200);
    await page.getByRole("button", { name: index === 9 ? "Complete Training" : "Next" }).click();
  }

  const composer = page.getByRole("textbox", { name: /^Message / });
  await page
    .getByRole("list", { name: /^Conversation with / })
    .getByText(/^Hi, I'm Martha/)
    .waitFor();
  await pause(800);
  await composer.pressSequentially(QUESTION, { delay: 35 });
  await pause(300);
  await composer.press("Enter");
  await page
    .getByRole("list", { name: /^Conversation with / })
    .getByText("Track churn at months 3 and 4", { exact: false })
    .waitFor({
      timeout: 60_000,
    });
  await pause(2500);
}

function findFfmpeg(): string {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const candidate = path.join(dir, "ffmpeg");
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new Error("Recording the demo needs ffmpeg: sudo apt-get install -y ffmpeg");
}

function log(message: string) {
  process.stdout.write(`demo: ${message}\n`);
}

await main();
